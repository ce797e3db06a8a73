import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/authEmulator';
import { startPostgres, type ThrowawayPostgres } from '../../scripts/postgres';
import { openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** Superuser URL of the throwaway PostgreSQL cluster (tests create a database each). */
    postgresUrl: string;
    /** A database of that cluster with every migration applied, which testApp's databases copy. */
    postgresTemplate: string;
    /** A PGlite data directory (dumpDataDir) with every migration applied, which testApp's in-memory databases start from. */
    pgliteTemplate: string;
  }
}

export const POSTGRES_TEMPLATE = 'migrated_template';

/**
 * Migrating takes about 1.5 s on PGlite and more on PostgreSQL; the api files open some 150 databases, so they copy
 * one migrated database instead (tests of migrating itself open empty ones).
 */
const migratedTemplates = async (postgres: ThrowawayPostgres, folder: string) => {
  const url = new URL(postgres.url);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  await (await openDatabase({ databaseUrl: url.toString(), statistics: false })).close();

  // openDatabase sets an owner-only umask for a data directory; this process creates other files after it.
  const umask = process.umask();
  const dataDir = join(folder, 'data');
  try {
    await (await openDatabase({ dataDir, statistics: false })).close();
  } finally {
    process.umask(umask);
  }
  const pglite = await PGlite.create(dataDir);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
};

/** One Auth emulator and one throwaway PostgreSQL cluster for the whole api project. */
export default async function setup(project: TestProject) {
  const [emulatorResult, postgresResult] = await Promise.allSettled([startAuthEmulator(), startPostgres()]);
  if (emulatorResult.status === 'rejected' || postgresResult.status === 'rejected') {
    if (emulatorResult.status === 'fulfilled') await emulatorResult.value.stop();
    if (postgresResult.status === 'fulfilled') await postgresResult.value.stop();
    throw emulatorResult.status === 'rejected' ? emulatorResult.reason : (postgresResult as PromiseRejectedResult).reason;
  }
  const [emulator, postgres] = [emulatorResult.value, postgresResult.value];
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-api-templates-'));
  const stop = async () => {
    await Promise.allSettled([emulator.stop(), postgres.stop()]);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    project.provide('pgliteTemplate', await migratedTemplates(postgres, folder));
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('authEmulatorHost', emulator.host);
  project.provide('postgresUrl', postgres.url);
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);
  return stop;
}
