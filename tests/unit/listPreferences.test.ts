import { describe, expect, it } from 'vitest';
import apiKeys from '@/resources/apiKeys';
import audit from '@/resources/audit';
import { exportColumnsOf, listColumnsOf, orderCsvColumns, savedQueryCheckOf } from '@/resources/generic/fromDeclaration';
import { sameQuery, validQueries } from '@/shared/SavedQueries';
import { readHiddenColumns } from '@/shared/useListColumns';

const columns = listColumnsOf(audit.fields);
const sort = { field: 'at', order: 'DESC' } as const;

describe('a list’s columns, from its declaration', () => {
  it('are the declaration’s list fields, the first one required, labelled by their catalogue keys', () => {
    expect(columns.columns).toEqual(['at', 'actorEmail', 'action', 'targetType', 'targetId', 'changes']);
    expect(columns.required).toEqual(['at']);
    expect(columns.label('targetId')).toBe('app.audit.fields.targetId');
  });

  it('end with a required actions column when the list has row actions (API keys)', () => {
    const keys = listColumnsOf(apiKeys.fields, { actions: 'app.apiKeys.columns.actions' });
    expect(keys.columns).toEqual(['name', 'prefix', 'scopes', 'createdAt', 'lastUsedAt', 'revokedAt', 'actions']);
    expect(keys.required).toEqual(['name', 'actions']);
    expect(keys.label('revokedAt')).toBe('app.apiKeys.columns.status');
    expect(keys.label('actions')).toBe('app.apiKeys.columns.actions');
  });

  it('are named by a field’s `column` where it has one, and may keep another column than the first', () => {
    const spec = listColumnsOf(
      [
        { source: 'name', label: 'app.users.columns.user', column: 'user', inList: true },
        { source: 'email', label: 'app.users.columns.email', inList: true },
        { source: 'createdAt', label: 'app.users.columns.created', column: 'created', inList: true },
        { source: 'version' },
      ],
      { required: ['email'], actions: 'app.users.columns.actions' },
    );
    expect(spec.columns).toEqual(['user', 'email', 'created', 'actions']);
    expect(spec.required).toEqual(['email', 'actions']);
    expect(spec.label('created')).toBe('app.users.columns.created');
  });

  it('read back only known, hideable names from a stored value', () => {
    expect(readHiddenColumns(['changes', 'at', 'nope', 7], columns)).toEqual(['changes']);
    expect(readHiddenColumns('["changes"]', columns)).toEqual([]);
    expect(readHiddenColumns(null, columns)).toEqual([]);
  });
});

describe('a list’s CSV columns, from its declaration', () => {
  it('start with the id and every declared field, in the declaration’s order', () => {
    expect(exportColumnsOf(audit.fields)).toEqual(['id', 'at', 'actorEmail', 'action', 'targetType', 'targetId', 'changes']);
  });

  it('put the declared columns first (a nested field’s dotted columns in its place), then the others as they come', () => {
    expect(
      orderCsvColumns(['statistics.words', 'actorUid', 'at', 'id', 'statistics.alerts', 'extra'], ['id', 'at', 'statistics', 'missing']),
    ).toEqual(['id', 'at', 'statistics.words', 'statistics.alerts', 'missing', 'actorUid', 'extra']);
  });
});

describe('the generated list’s saved queries', () => {
  const accepts = savedQueryCheckOf(audit);

  it('apply only the declared filters (a date’s from/to bounds) with plain values, sorted on a sortable field', () => {
    expect(accepts({ filter: { actorEmail: 'ann', at_gte: '2026-05-01', at_lte: '2026-05-31' }, sort })).toBe(true);
    expect(accepts({ filter: {}, sort: { field: 'targetId', order: 'ASC' } })).toBe(true);
    expect(accepts({ filter: { targetId: 'x' }, sort })).toBe(false);
    expect(accepts({ filter: { at: '2026-05-01' }, sort })).toBe(false);
    expect(accepts({ filter: { action: { $ne: 1 } }, sort })).toBe(false);
    expect(accepts({ filter: {}, sort: { field: 'changes', order: 'ASC' } })).toBe(false);
    expect(accepts({ filter: {}, sort: { field: 'at', order: 'UP' as 'ASC' } })).toBe(false);
  });

  it('are read from a stored list entry by entry (react-admin’s shape), and compared whatever the order of their keys', () => {
    const stored = [
      { label: 'Ann', value: { filter: { actorEmail: 'ann' }, sort, perPage: 25 } },
      { label: '  ', value: { filter: {}, sort, perPage: 25 } },
      { label: 'No page size', value: { filter: {}, sort } },
      { name: 'Old shape', query: { filter: {} } },
      42,
    ];
    expect(validQueries(stored)).toEqual([{ label: 'Ann', value: { filter: { actorEmail: 'ann' }, sort, perPage: 25 } }]);
    expect(validQueries({ label: 'Ann' })).toEqual([]);
    expect(sameQuery({ filter: { a: 1, b: 2 }, sort }, { sort: { order: 'DESC', field: 'at' }, filter: { b: 2, a: 1 } })).toBe(true);
    expect(sameQuery({ filter: { a: 1 } }, { filter: { a: 2 } })).toBe(false);
  });
});
