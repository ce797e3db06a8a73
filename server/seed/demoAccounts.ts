import { BUILT_IN_ADMIN_UIDS, type Role } from '../../src/contract/auth';
import type { Identity } from '../services/identity';

export const DEMO_PASSWORD = 'Demo-pass-1';

export interface DemoAccount {
  uid: string;
  email: string;
  name: string;
  role: Role;
}

/** The README's demo accounts: two whitelisted admins and one plain user. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { uid: BUILT_IN_ADMIN_UIDS[0], email: 'admin@salescoach.test', name: 'Avery Admin', role: 'admin' },
  { uid: BUILT_IN_ADMIN_UIDS[1], email: 'lead@salescoach.test', name: 'Lee Lead', role: 'admin' },
  { uid: 'demo-user-0000000000000003', email: 'rep@salescoach.test', name: 'Riley Rep', role: 'user' },
];

/**
 * The demo's other sales reps: profiles of the assistant's users (role user) with their names,
 * so Insights shows each rep by name. They have no sign-in account: they use the assistant, not the portal.
 */
export const DEMO_REPS: readonly DemoAccount[] = [
  { uid: 'demo-rep-00000000000000001', email: 'jordan.reyes@salescoach.test', name: 'Jordan Reyes', role: 'user' },
  { uid: 'demo-rep-00000000000000002', email: 'priya.shah@salescoach.test', name: 'Priya Shah', role: 'user' },
  { uid: 'demo-rep-00000000000000003', email: 'marco.bianchi@salescoach.test', name: 'Marco Bianchi', role: 'user' },
  { uid: 'demo-rep-00000000000000004', email: 'emma.larsen@salescoach.test', name: 'Emma Larsen', role: 'user' },
];

/** At every start, as emulator data can be lost; a demo email held under another uid is replaced: the uid is what counts. */
export const ensureDemoAccounts = async (identity: Identity, log: (line: string) => void = () => {}): Promise<void> => {
  for (const account of DEMO_ACCOUNTS) {
    const existing = await identity.getUserByEmail(account.email);
    if (existing?.uid === account.uid) continue;
    if (existing) {
      log(`Replacing ${account.email} (uid ${existing.uid}) with the demo uid ${account.uid}`);
      await identity.deleteUser(existing.uid);
    }
    try {
      await identity.createUser({ uid: account.uid, email: account.email, password: DEMO_PASSWORD, displayName: account.name });
    } catch (error) {
      // The uid may exist under another email (edited by hand): put the demo email back.
      if ((error as { code?: string }).code !== 'auth/uid-already-exists') throw error;
      await identity.updateUser(account.uid, { email: account.email, password: DEMO_PASSWORD, displayName: account.name });
    }
    log(`Created demo account ${account.email}`);
  }
};
