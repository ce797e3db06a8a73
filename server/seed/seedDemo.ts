import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_REPS } from './demoAccounts';
import { seedBattlecards } from './seedBattlecards';
import { seedDictionary } from './seedDictionary';
import { DEMO_SESSION_COUNT, DEMO_SESSION_SEED, seedSessions } from './sessions';

/** On an empty database (no users), inserts the demo profiles. Returns whether it seeded. */
export const seedDemo = async ({ db, log = () => {} }: { db: Database; log?: (line: string) => void }): Promise<boolean> => {
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return false;
  await db
    .insert(users)
    .values([...DEMO_ACCOUNTS, ...DEMO_REPS].map(({ uid, email, name, role }) => ({ uid, email, name, role, origin: 'demo' as const })))
    .onConflictDoNothing({ target: users.uid });
  await seedDictionary({ db, log });
  await seedBattlecards({ db, log });
  await seedSessions({ db, count: DEMO_SESSION_COUNT, seed: DEMO_SESSION_SEED, log });
  log(`Seeded ${DEMO_ACCOUNTS.length + DEMO_REPS.length} demo profiles`);
  return true;
};
