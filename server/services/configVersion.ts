import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction, WriteGeneration } from '../db/client';
import { configVersion } from '../db/schema';

/** The one row of config_version (migration 0005 creates it). */
const ROW_ID = 1;

export interface ConfigVersion {
  version: number;
  updatedAt: Date;
}

/**
 * Raises the configuration version (docs/api.md "Assistant API"). Call it inside the
 * transaction of every change to what GET /api/assistant/config returns, so the change and
 * the new version commit together. The row lock it takes serialises those writers, which are
 * rare (admin edits, the embedding worker), and never blocks readers.
 */
export const bumpConfigVersion = async (tx: Transaction): Promise<number> => {
  const [row] = await tx
    .update(configVersion)
    .set({ version: sql`${configVersion.version} + 1`, updatedAt: sql`now()` })
    .where(eq(configVersion.id, ROW_ID))
    .returning({ version: configVersion.version });
  return row.version;
};

export const readConfigVersion = async (db: Database | Transaction): Promise<ConfigVersion> => {
  const [row] = await db
    .select({ version: configVersion.version, updatedAt: configVersion.updatedAt })
    .from(configVersion)
    .where(eq(configVersion.id, ROW_ID))
    .limit(1);
  return row;
};

/**
 * readConfigVersion, kept while the database has not been written (db/writeGeneration.ts; PGlite
 * only: every change raises the version in a write). On PostgreSQL, which other servers write,
 * each call reads the row.
 */
export const createConfigVersionReader = (db: Database, writes: WriteGeneration | null) => {
  if (!writes) return () => readConfigVersion(db);
  let kept: { generation: number; version: ConfigVersion } | null = null;
  return async (): Promise<ConfigVersion> => {
    if (kept && kept.generation === writes.current) return kept.version;
    const generation = writes.current;
    const version = await readConfigVersion(db);
    kept = { generation, version };
    return version;
  };
};
