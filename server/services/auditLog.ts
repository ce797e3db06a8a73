import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditFilter, AuditListQuery, AuditRecord } from '../../src/contract/audit';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like';
import { listTotal } from '../db/rowCount';
import { auditLog, type AuditChanges } from '../db/schema';

/** pick: the row stays a readable summary. */
const VALUE_MAX = 300;
const NONE = '—';

const truncate = (text: string) => (text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text);

export const formatAuditValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'string') return truncate(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return NONE;
    return truncate(
      value
        .map((item) =>
          item && typeof item === 'object' && 'point' in item
            ? String((item as { point: unknown }).point)
            : typeof item === 'string'
              ? item
              : JSON.stringify(item),
        )
        .join(', '),
    );
  }
  return truncate(JSON.stringify(value));
};

export const formatAuditChanges = (changes: AuditChanges): string[] =>
  Object.entries(changes ?? {}).map(([field, change]) => `${field}: ${formatAuditValue(change?.from)} → ${formatAuditValue(change?.to)}`);

type AuditRow = typeof auditLog.$inferSelect;

const toRecord = (row: AuditRow): AuditRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  actorUid: row.actorUid,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  changes: formatAuditChanges(row.changes),
});

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const targetTypesOf = (text: string | undefined): string[] | null => {
  const types = (text ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  return types.length > 0 ? types : null;
};

const conditionsOf = (filter: AuditFilter): SQL[] => {
  const targetTypes = targetTypesOf(filter.targetType);
  const conditions: (SQL | undefined)[] = [
    filter.actorEmail ? ilike(auditLog.actorEmail, containsPattern(filter.actorEmail)) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    targetTypes ? inArray(auditLog.targetType, targetTypes) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.at_gte ? gte(auditLog.at, new Date(filter.at_gte)) : undefined,
    filter.at_lte
      ? isDay(filter.at_lte)
        ? lt(auditLog.at, new Date(new Date(filter.at_lte).getTime() + DAY_MS))
        : lte(auditLog.at, new Date(filter.at_lte))
      : undefined,
    filter.id ? inArray(auditLog.id, filter.id) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
};

const SORT_COLUMNS = {
  id: auditLog.id,
  at: auditLog.at,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
} as const;

export const listAuditRecords = async (db: Database, { sort: [field, order], range: [start, end], filter }: AuditListQuery) => {
  const where = and(...conditionsOf(filter));
  const direction = order === 'ASC' ? asc : desc;
  const limit = end - start + 1;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[field]), direction(auditLog.id))
    .limit(limit)
    .offset(start);
  // Unfiltered and large: the planner's estimate (docs/api.md, "Totals").
  const total = await listTotal(db, auditLog, where, { offset: start, limit, rows: rows.length });
  return { records: rows.map(toRecord), start, total };
};

export const getAuditRecord = async (db: Database, id: number): Promise<AuditRecord | null> => {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  return row ? toRecord(row) : null;
};
