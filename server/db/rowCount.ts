import { count, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** docs/api.md, "Totals" */
export const ESTIMATED_TOTAL_FROM_ROWS = 10_000;

/** As PostgreSQL estimates: the last ANALYZE's rows per page times the pages now; two catalog rows whatever the size. */
export const estimatedRows = async (db: Database, table: PgTable): Promise<number | null> => {
  const result = (await db.execute(sql`
    select case when c.reltuples < 0 or c.relpages = 0 then null
      else round(c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::float8))::bigint
    end as estimate
    from pg_class c where c.oid = to_regclass(${getTableName(table)})`)) as { rows: { estimate: string | number | null }[] };
  const estimate = result.rows[0]?.estimate;
  return estimate === null || estimate === undefined ? null : Number(estimate);
};

/** A page beyond the estimate raises it, and a short last page makes it exact. */
export const listTotal = async (
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  page: { offset: number; limit: number; rows: number },
): Promise<number> => {
  if (where === undefined) {
    const estimate = await estimatedRows(db, table);
    if (estimate !== null && estimate >= ESTIMATED_TOTAL_FROM_ROWS) {
      const endsHere = page.rows < page.limit && (page.rows > 0 || page.offset === 0);
      return endsHere ? page.offset + page.rows : Math.max(estimate, page.offset + page.rows);
    }
  }
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return total;
};
