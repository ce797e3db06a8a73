import type { Database } from './db/client';
import type { Env } from './env';
import { seedDemo } from './seed';
import { grantConfiguredAdmins } from './services/adminGrants';
import type { Identity } from './services/identity';

/** Run under the start-up lock, so servers starting together do it once; a real project starts empty but for its admins. */
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
