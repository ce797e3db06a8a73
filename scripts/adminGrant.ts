import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client';
import { EnvError, loadEnv } from '../server/env';
import { GrantError, grantAdminByEmail } from '../server/services/adminGrants';
import { createFirebaseIdentity } from '../server/services/identity';

/**
 * `npm run admin:grant -- <email> [--allow-unverified]`: makes the identity account with this
 * email an admin of the portal (audited as a system action). Reads the same environment as the
 * server (FIREBASE_PROJECT_ID, DATABASE_URL or DATA_DIR); with PGlite, stop the server first.
 */
const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'allow-unverified': { type: 'boolean', default: false } } });
if (positionals.length !== 1) {
  console.error('Usage: npm run admin:grant -- <email> [--allow-unverified]');
  process.exit(2);
}
const [email] = positionals;

try {
  const env = loadEnv();
  const identity = createFirebaseIdentity({ projectId: env.FIREBASE_PROJECT_ID });
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  try {
    const { outcome, account } = await grantAdminByEmail({ db: database.db, identity }, email, {
      allowUnverified: values['allow-unverified'],
    });
    console.log(
      outcome === 'granted' ? `${email} (uid ${account.uid}) is now an admin.` : `${email} (uid ${account.uid}) already is an admin.`,
    );
    if (!env.ADMIN_UIDS.includes(account.uid)) {
      console.log(`The portal's sign-in admits the uids of ADMIN_UIDS only: add ${account.uid} to ADMIN_UIDS and restart the server.`);
    }
  } finally {
    await database.close();
    await identity.close();
  }
} catch (error) {
  if (error instanceof EnvError || error instanceof GrantError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
