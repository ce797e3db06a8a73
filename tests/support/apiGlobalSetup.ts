import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/authEmulator';
import { startPostgres } from '../../scripts/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** Superuser URL of the throwaway PostgreSQL cluster (tests create a database each). */
    postgresUrl: string;
  }
}

/** One Auth emulator and one throwaway PostgreSQL cluster for the whole api project. */
export default async function setup(project: TestProject) {
  const [emulatorResult, postgresResult] = await Promise.allSettled([startAuthEmulator(), startPostgres()]);
  if (emulatorResult.status === 'rejected' || postgresResult.status === 'rejected') {
    if (emulatorResult.status === 'fulfilled') await emulatorResult.value.stop();
    if (postgresResult.status === 'fulfilled') await postgresResult.value.stop();
    throw emulatorResult.status === 'rejected' ? emulatorResult.reason : (postgresResult as PromiseRejectedResult).reason;
  }
  const [emulator, postgres] = [emulatorResult.value, postgresResult.value];
  project.provide('authEmulatorHost', emulator.host);
  project.provide('postgresUrl', postgres.url);
  return async () => {
    await Promise.allSettled([emulator.stop(), postgres.stop()]);
  };
}
