import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
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
