import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Drizzle records a migration's `when` as `created_at`. */
interface BundledMigration {
  tag: string;
  when: number;
}

export const readBundledMigrations = (migrationsFolder: string): BundledMigration[] => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: BundledMigration[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
};

export const READINESS_TIMEOUT_MS = 3_000;

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string; cause?: unknown };

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/** Read at each call: a database restored from an older backup, or one that went away, shows at once. */
export const createReadinessCheck = (db: Database, migrationsFolder: string, timeoutMs = READINESS_TIMEOUT_MS) => {
  const bundled = readBundledMigrations(migrationsFolder);
  return async (): Promise<Readiness> => {
    let applied: Set<number>;
    try {
      const result = (await withTimeout(db.execute(sql`select created_at from drizzle.__drizzle_migrations`), timeoutMs)) as unknown as {
        rows: { created_at: string | number }[];
      };
      applied = new Set(result.rows.map((row) => Number(row.created_at)));
    } catch (cause) {
      return { ready: false, reason: 'The database does not answer, or has never been migrated.', cause };
    }
    const missing = bundled.filter((migration) => !applied.has(migration.when));
    if (missing.length > 0) {
      return { ready: false, reason: `The database lacks ${missing.length} migration(s): ${missing.map((m) => m.tag).join(', ')}.` };
    }
    return { ready: true, migrations: bundled.length };
  };
};
