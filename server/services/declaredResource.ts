import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DeclaredContract, type DeclaredListQuery, valueKindOf } from '../../src/contract/declaredResource';
import type { Database, Transaction } from '../db/client';
import { containsPattern } from '../db/like';
import { listTotal } from '../db/rowCount';
import type { declaredColumns } from '../db/schema/columns';
import { notFoundError } from '../errors';
import { type AuditActor, recordAudit } from './audit';
import { bumpConfigVersion } from './configVersion';
import { checkVersion, versionConflict } from './versions';

/**
 * A resource declared once on the server (docs/architecture.md "Adding a resource"): its table, its contract,
 * and what a change does beyond the row. declaredResourceRoutes gives it its routes.
 */
export interface ServerResource {
  /** Its records' name: the Content-Range unit. */
  name: string;
  /** Under /api: list and create at the path, one record at `<path>/{id}`. */
  path: string;
  /** A table that starts with declaredColumns(), then a column per contract field of the same name. */
  table: PgTable & { [K in keyof ReturnType<typeof declaredColumns>]: PgColumn };
  contract: DeclaredContract;
  /** The audit's target type and the prefix of its actions ('battlecard' -> 'battlecard.create'). */
  record: string;
  /** The field that names a record in the audit of its deletion. */
  title: string;
  /** Its records are in GET /api/assistant/config: each change raises the configuration version in its transaction. */
  inAssistantConfig?: boolean;
}

type Row = Record<string, unknown> & { id: string; version: number };
export type DeclaredRecord = Record<string, unknown> & { id: string };

const columnsOf = (resource: ServerResource) => getTableColumns(resource.table) as Record<string, PgColumn>;

const toRecord = (row: Record<string, unknown>): DeclaredRecord =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as DeclaredRecord;

/** The search box: part of any text or list-of-texts field, any case. */
const searchOf = (resource: ServerResource, q: string): SQL | undefined => {
  const columns = columnsOf(resource);
  const pattern = containsPattern(q);
  const matches = Object.entries(resource.contract.fields.shape)
    .filter(([, schema]) => ['string', 'array'].includes(valueKindOf(schema)))
    .map(([name]) =>
      columns[name].dataType === 'json'
        ? sql`exists (select 1 from jsonb_array_elements_text(${columns[name]}) as e(value) where e.value ilike ${pattern})`
        : ilike(columns[name], pattern),
    );
  return or(...matches);
};

const conditionsOf = (resource: ServerResource, { q, id, ...fields }: DeclaredListQuery['filter']): SQL[] => {
  const columns = columnsOf(resource);
  const shape = resource.contract.fields.shape;
  const conditions = [
    q ? searchOf(resource, q) : undefined,
    id ? inArray(columns.id, id) : undefined,
    ...Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) =>
        valueKindOf(shape[name]) === 'string' ? ilike(columns[name], containsPattern(String(value))) : eq(columns[name], value),
      ),
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
};

/** One page in the requested order (then by id), with the total the filter matches. */
export const listDeclared = async (
  db: Database,
  resource: ServerResource,
  { sort: [field, order], range: [start, end], filter }: DeclaredListQuery,
) => {
  const where = and(...conditionsOf(resource, filter));
  const direction = order === 'ASC' ? asc : desc;
  const limit = end - start + 1;
  const rows = await db
    .select()
    .from(resource.table)
    .where(where)
    .orderBy(direction(columnsOf(resource)[field]), direction(resource.table.id))
    .limit(limit)
    .offset(start);
  const total = await listTotal(db, resource.table, where, { offset: start, limit, rows: rows.length });
  return { records: rows.map(toRecord), start, total };
};

const findRow = async (tx: Database | Transaction, resource: ServerResource, id: string): Promise<Row | null> => {
  const [row] = await tx.select().from(resource.table).where(eq(resource.table.id, id)).limit(1);
  return (row as Row | undefined) ?? null;
};

export const getDeclared = async (db: Database, resource: ServerResource, id: string): Promise<DeclaredRecord> => {
  const row = await findRow(db, resource, id);
  if (!row) throw notFoundError(`No ${resource.record} with id ${id}.`);
  return toRecord(row);
};

/** The row and its audit row commit together, with the configuration version when the assistant reads the resource. */
const write = async (db: Database, resource: ServerResource, change: (tx: Transaction) => Promise<{ row: Row; changed: boolean }>) =>
  toRecord(
    await db.transaction(async (tx) => {
      const { row, changed } = await change(tx);
      if (changed && resource.inAssistantConfig) await bumpConfigVersion(tx);
      return row;
    }),
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const createDeclared = async (db: Database, actor: AuditActor, resource: ServerResource, body: Record<string, unknown>) =>
  write(db, resource, async (tx) => {
    const [row] = (await tx.insert(resource.table).values(body).returning()) as Row[];
    const changes = Object.fromEntries(Object.keys(resource.contract.fields.shape).map((name) => [name, { from: null, to: row[name] }]));
    await recordAudit(tx, { actor, action: `${resource.record}.create`, targetType: resource.record, targetId: row.id, changes });
    return { row, changed: true };
  });

/** PUT: the fields sent replace the stored ones; an edit from another version than the stored one is a 409. */
export const updateDeclared = async (
  db: Database,
  actor: AuditActor,
  resource: ServerResource,
  id: string,
  { version, ...body }: Record<string, unknown> & { version?: number },
) =>
  write(db, resource, async (tx) => {
    const current = await findRow(tx, resource, id);
    if (!current) throw notFoundError(`No ${resource.record} with id ${id}.`);
    checkVersion(version, current.version, 'record');
    const changed = Object.keys(body).filter((name) => !same(current[name], body[name]));
    if (changed.length === 0) return { row: current, changed: false };
    const [row] = (await tx
      .update(resource.table)
      .set({ ...body, updatedAt: new Date(), version: current.version + 1 })
      .where(and(eq(resource.table.id, id), eq(resource.table.version, current.version)))
      .returning()) as Row[];
    if (!row) throw versionConflict('record');
    const changes = Object.fromEntries(changed.map((name) => [name, { from: current[name], to: body[name] }]));
    await recordAudit(tx, { actor, action: `${resource.record}.update`, targetType: resource.record, targetId: id, changes });
    return { row, changed: true };
  });

export const deleteDeclared = async (db: Database, actor: AuditActor, resource: ServerResource, id: string) =>
  write(db, resource, async (tx) => {
    const [row] = (await tx.delete(resource.table).where(eq(resource.table.id, id)).returning()) as Row[];
    if (!row) throw notFoundError(`No ${resource.record} with id ${id}.`);
    const changes = { [resource.title]: { from: row[resource.title], to: null } };
    await recordAudit(tx, { actor, action: `${resource.record}.delete`, targetType: resource.record, targetId: id, changes });
    return { row, changed: true };
  });
