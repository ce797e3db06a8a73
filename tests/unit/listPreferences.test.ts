import { describe, expect, it } from 'vitest';
import audit from '@/resources/audit';
import { listColumnsOf, queryParserOf } from '@/resources/generic/listPreferences';
import { readHiddenColumns } from '@/shared/useListColumns';
import { readSavedQueries, sameQuery } from '@/shared/useSavedQueries';

const columns = listColumnsOf(audit);
const parse = queryParserOf(audit);
const sort = { field: 'at', order: 'DESC' };

describe('the generated list’s columns', () => {
  it('are the declaration’s list columns, the first one required, labelled by their catalogue keys', () => {
    expect(columns.columns).toEqual(['at', 'actorEmail', 'action', 'targetType', 'targetId', 'changes']);
    expect(columns.required).toEqual(['at']);
    expect(columns.label('targetId')).toBe('app.audit.fields.targetId');
  });

  it('read back only known, hideable names from a stored value', () => {
    expect(readHiddenColumns(['changes', 'at', 'nope', 7], columns)).toEqual(['changes']);
    expect(readHiddenColumns('["changes"]', columns)).toEqual([]);
    expect(readHiddenColumns(null, columns)).toEqual([]);
  });
});

describe('the generated list’s saved queries', () => {
  it('keep the declared filters (a date’s from/to too) and drop the others', () => {
    const filter = { actorEmail: 'ann', at_gte: '2026-05-01', at_lte: '2026-05-31', targetId: 'x', role: 'admin', action: { $ne: 1 } };
    expect(parse({ filter, sort })).toEqual({ filter: { actorEmail: 'ann', at_gte: '2026-05-01', at_lte: '2026-05-31' }, sort });
  });

  it('refuse a sort on an undeclared field or in an unknown order, and what is not a query', () => {
    expect(parse({ filter: {}, sort: { field: 'changes', order: 'ASC' } })).toBeNull();
    expect(parse({ filter: {}, sort: { field: 'at', order: 'UP' } })).toBeNull();
    expect(parse({ filter: [], sort })).toBeNull();
    expect(parse('actorEmail=ann')).toBeNull();
    expect(parse(undefined)).toBeNull();
  });

  it('are read from a stored list entry by entry, and compared whatever the order of their keys', () => {
    const stored = [
      { name: 'Ann', query: { filter: { actorEmail: 'ann' }, sort } },
      { name: 'Bad', query: { filter: {} } },
      { query: {} },
      42,
    ];
    expect(readSavedQueries(stored, parse)).toEqual([{ name: 'Ann', query: { filter: { actorEmail: 'ann' }, sort } }]);
    expect(readSavedQueries({ name: 'Ann' }, parse)).toEqual([]);
    expect(sameQuery({ filter: { a: 1, b: 2 }, sort }, { sort: { order: 'DESC', field: 'at' }, filter: { b: 2, a: 1 } })).toBe(true);
    expect(sameQuery({ filter: { a: 1 } }, { filter: { a: 2 } })).toBe(false);
  });
});
