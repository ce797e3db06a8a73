import type { Database } from './db/client';
import type { Env } from './env';
import { seedDemo } from './seed';
import { grantConfiguredAdmins } from './services/adminGrants';
import type { Identity } from './services/identity';

/**
 * What a start does to the database once migrated (server.ts runs it under the start-up lock,
 * so two servers starting together do it once): demo data only in demo mode; outside it a
 * real project starts empty (the spec's defaults, such as the speech-rate settings, apply
 * until an admin saves) and the uids of ADMIN_UIDS become admins, audited as a system action.
 */
export const prepareDatabase = async ({
  db,
  identity,
  env,
  log,
}: {
  db: Database;
  identity: Identity;
  env: Pick<Env, 'DEMO_MODE' | 'SEED' | 'ADMIN_UIDS'>;
  log: (line: string) => void;
}): Promise<void> => {
  if (env.DEMO_MODE) {
    if (env.SEED) await seedDemo({ db, log });
    return;
  }
  await grantConfiguredAdmins({ db, identity, log }, env.ADMIN_UIDS);
};
