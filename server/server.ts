import { buildApp } from './app';
import { DataDirInUseError, openDatabase } from './db/client';
import { logCompactions } from './db/compaction';
import { EMULATOR_NETWORK_OVERRIDE, EnvError, listensOnNetwork, loadEnv, runtimeConfigFromEnv, type Env } from './env';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts } from './seed';
import { prepareDatabase } from './startup';
import { startBackgroundJobs } from './jobs';
import { embeddingProviderFromEnv } from './services/matching/embeddings';
import { createFirebaseIdentity } from './services/identity';
import { variationGeneratorFromEnv } from './services/variations';

/** The only file that listens: env, database, seed, app, background jobs (jobs.ts), graceful shutdown. */
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const loadEnvOrExit = (): Env => {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) return fail(error.message);
    throw error;
  }
};

const env = loadEnvOrExit();
const log = (line: string) => console.log(line);

const identity = createFirebaseIdentity({ projectId: env.FIREBASE_PROJECT_ID });

const database = await openDatabase({
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }),
  prepare: (db) => prepareDatabase({ db, identity, env, log }),
}).catch((error: unknown) => fail(error instanceof DataDirInUseError ? error.message : `Cannot prepare the database: ${String(error)}`));

// The server still starts when the emulator is down: requests answer 503 until it is back. The
// accounts are checked over the network while the app is built, and are there before it listens.
const demoAccounts = env.FIREBASE_AUTH_EMULATOR_HOST
  ? ensureDemoAccounts(identity, log).catch((error: unknown) =>
      console.warn(`Could not create the demo accounts in the Auth emulator at ${env.FIREBASE_AUTH_EMULATOR_HOST}: ${String(error)}`),
    )
  : Promise.resolve();

const embeddings = embeddingProviderFromEnv(env);
const app = await buildApp({
  db: database.db,
  writes: database.writes,
  usage: database.usage,
  embeddings,
  identity,
  runtimeConfig: runtimeConfigFromEnv(env),
  staticDir: env.STATIC_DIR,
  logger: { level: env.NODE_ENV === 'production' ? 'info' : 'warn' },
  variations: variationGeneratorFromEnv(env),
  rateLimit: env.RATE_LIMIT_PER_MINUTE === 0 ? false : { max: env.RATE_LIMIT_PER_MINUTE, timeWindowMs: 60_000 },
  trustProxy: env.TRUST_PROXY,
  abandonAfterMinutes: env.CALLS_ABANDON_AFTER_MINUTES,
});
logCompactions(database.db, app.log);
const jobs = await startBackgroundJobs({
  db: database.db,
  log: app.log,
  embeddings,
  sessionsRetentionDays: env.SESSIONS_RETENTION_DAYS ?? null,
  abandonAfterMinutes: env.CALLS_ABANDON_AFTER_MINUTES,
  backups: database.holdDataDir ? { dataDir: env.DATA_DIR, hold: database.holdDataDir } : null,
});

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: draining requests and closing the database...`);
  try {
    await app.close();
    await jobs.stop();
    await database.close();
    await identity.close();
    process.exit(0);
  } catch (error) {
    console.error('Shutdown failed:', error);
    process.exit(1);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await demoAccounts;
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  await jobs.stop();
  await database.close();
  fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${String(error)}`);
}

const port = app.server.address();
console.log(
  `Sales Coach admin portal: http://localhost:${typeof port === 'object' && port ? port.port : env.PORT} (listening on ${env.HOST})`,
);
if (env.FIREBASE_AUTH_EMULATOR_HOST && listensOnNetwork(env.HOST)) {
  const banner = '!'.repeat(100);
  console.warn(
    [
      banner,
      `DEMO_LISTEN_ON_NETWORK=${EMULATOR_NETWORK_OVERRIDE}: this server trusts the Auth emulator's UNSIGNED tokens`,
      `and listens on ${env.HOST}. ANYONE WHO CAN REACH PORT ${env.PORT} CAN SIGN IN AS ANY ADMIN. Demo data only.`,
      banner,
    ].join('\n'),
  );
}
console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`}`);
if (env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.log(`Auth emulator: http://${env.FIREBASE_AUTH_EMULATOR_HOST}. Demo accounts:`);
  console.table(DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role, password: DEMO_PASSWORD })));
}
