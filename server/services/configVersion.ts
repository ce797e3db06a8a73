import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction, WriteGeneration } from '../db/client';
import { configVersion } from '../db/schema';

/** Migration 0005 creates it. */
const ROW_ID = 1;

export interface ConfigVersion {
  version: number;
  updatedAt: Date;
}

/** Inside the transaction of every change to what the assistant reads, so both commit together (docs/api.md "Assistant API"). */
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

/** Kept between writes (PGlite only: every change raises the version in a write). */
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
