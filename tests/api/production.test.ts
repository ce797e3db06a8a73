import { count, eq } from 'drizzle-orm';
import { buildApp, type App } from '../../server/app';
import { openDatabase, type OpenedDatabase } from '../../server/db/client';
import { auditLog, dictionaryItems, landmines, sessions, users } from '../../server/db/schema';
import { loadEnv, runtimeConfigFromEnv } from '../../server/env';
import { GrantError, grantAdminByEmail } from '../../server/services/adminGrants';
import { createFirebaseIdentity, type Identity } from '../../server/services/identity';
import { prepareDatabase } from '../../server/startup';
import { BUILT_IN_ADMIN_UIDS } from '../../src/contract/auth';
import { SPEECH_RATE_DEFAULTS } from '../../src/contract/speechRate';
import { createPostgresDatabase } from '../support/apiApp';
import { startGoogleStandIn, type GoogleStandIn } from '../support/googleStandIn';
import { bearer, forgeUnsignedToken } from '../support/identity';

const PROJECT_ID = 'acme-sales-prod';
const FOUNDER = { localId: 'founder-uid-0001', email: 'founder@acme.test', displayName: 'Fran Founder', emailVerified: true };

/**
 * docs/operations.md "Production": from an empty PostgreSQL to a signed-in admin with a real (non-demo)
 * project id. Google cannot be reached from here, so firebase-admin's calls (token keys,
 * account lookups) go to a local stand-in; no emulator is configured in this file.
 */
describe('a production start (real project id, PostgreSQL)', () => {
  let google: GoogleStandIn;
  let postgres: { url: string; drop(): Promise<void> };
  let database: OpenedDatabase;
  let identity: Identity;
  let app: App;
  const lines: string[] = [];
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const env = loadEnv({
    FIREBASE_PROJECT_ID: PROJECT_ID,
    ADMIN_UIDS: `${FOUNDER.localId},not-signed-up-yet`,
    DATABASE_URL: 'postgres://set-below',
  });
  const newIdentity = () => createFirebaseIdentity({ projectId: PROJECT_ID, httpAgent: google.httpAgent, credential: google.credential });

  beforeAll(async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    google = await startGoogleStandIn();
    google.accounts.set(FOUNDER.localId, FOUNDER);
    postgres = await createPostgresDatabase();
    identity = newIdentity();
    database = await openDatabase({
      databaseUrl: postgres.url,
      prepare: (db) => prepareDatabase({ db, identity, env, log: (line) => lines.push(line) }),
    });
    app = await buildApp({ db: database.db, identity, runtimeConfig: runtimeConfigFromEnv(env), rateLimit: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await identity?.close();
    await postgres?.drop();
    await google?.stop();
    if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  });

  it('is not demo mode and publishes ADMIN_UIDS, not the demo uids, as the whitelist', () => {
    expect(env.DEMO_MODE).toBe(false);
    expect(runtimeConfigFromEnv(env)).toMatchObject({ authEmulatorUrl: null, adminUids: [FOUNDER.localId, 'not-signed-up-yet'] });
    expect(runtimeConfigFromEnv(env).adminUids).not.toContain(BUILT_IN_ADMIN_UIDS[0]);
  });

  it('starts empty: no demo accounts, dictionary or sessions; the spec defaults for speech rate', async () => {
    for (const table of [dictionaryItems, landmines, sessions]) expect((await database.db.select({ n: count() }).from(table))[0].n).toBe(0);
    const profiles = await database.db.select().from(users);
    expect(profiles).toEqual([
      expect.objectContaining({
        uid: FOUNDER.localId,
        email: FOUNDER.email,
        name: FOUNDER.displayName,
        role: 'admin',
        isActive: true,
        origin: 'config',
      }),
    ]);
  });

  it('makes the ADMIN_UIDS admins at start, audited as a system action, and reports a uid with no account', async () => {
    const rows = await database.db.select().from(auditLog);
    expect(rows).toEqual([
      expect.objectContaining({ actorUid: 'system:ADMIN_UIDS', actorEmail: null, action: 'user.grantAdmin', targetType: 'user' }),
    ]);
    expect(lines.join('\n')).toContain(`ADMIN_UIDS: ${FOUNDER.email} (${FOUNDER.localId}) is now an admin.`);
    expect(lines.join('\n')).toContain('ADMIN_UIDS: no account with uid not-signed-up-yet');
  });

  it('does it once: a restart on the same database adds no audit row', async () => {
    const again = await openDatabase({
      databaseUrl: postgres.url,
      prepare: (db) => prepareDatabase({ db, identity, env, log: () => undefined }),
    });
    await again.close();
    expect((await database.db.select({ n: count() }).from(auditLog))[0].n).toBe(1);
  });

  it('lets the first admin in with a token signed by the project, and refuses unsigned tokens', async () => {
    const token = google.signIdToken({ uid: FOUNDER.localId, projectId: PROJECT_ID, email: 'claims-are-not-trusted@evil.test' });
    const users = await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) });
    expect(users.statusCode).toBe(200);
    const speech = await app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(token) });
    expect(speech.json()).toEqual({ success: true, data: { ...SPEECH_RATE_DEFAULTS, version: 0 } });

    const forged = await app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(forgeUnsignedToken({ uid: FOUNDER.localId, projectId: PROJECT_ID })),
    });
    expect(forged.statusCode).toBe(401);
    const otherProject = google.signIdToken({ uid: FOUNDER.localId, projectId: 'demo-salescoach' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(otherProject) })).statusCode).toBe(401);
  });

  it('answers 503 with Retry-After, not 401, while the public keys cannot be fetched', async () => {
    google.keysDown = true;
    const cold = newIdentity();
    const outageApp = await buildApp({ db: database.db, identity: cold, runtimeConfig: runtimeConfigFromEnv(env), rateLimit: false });
    try {
      const token = google.signIdToken({ uid: FOUNDER.localId, projectId: PROJECT_ID });
      const response = await outageApp.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(token) });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({
        error: 'AUTH_UNAVAILABLE',
        message: expect.stringContaining('sign-in service cannot be reached'),
      });
      expect(response.headers['www-authenticate']).toBeUndefined();
    } finally {
      google.keysDown = false;
      await outageApp.close();
      await cold.close();
    }
  });

  it('grants later admins by email (npm run admin:grant), refusing an unverified address unless told', async () => {
    google.accounts.set('second-uid', { localId: 'second-uid', email: 'second@acme.test', displayName: 'Sam Second', emailVerified: true });
    google.accounts.set('squatter-uid', {
      localId: 'squatter-uid',
      email: 'future.hire@acme.test',
      displayName: `${'x'.repeat(300)}\u0000`,
    });
    const stores = { db: database.db, identity };

    const granted = await grantAdminByEmail(stores, 'second@acme.test');
    expect(granted.outcome).toBe('granted');
    expect((await grantAdminByEmail(stores, 'SECOND@acme.test')).outcome).toBe('already-admin');
    await expect(grantAdminByEmail(stores, 'nobody@acme.test')).rejects.toThrow(GrantError);
    await expect(grantAdminByEmail(stores, 'future.hire@acme.test')).rejects.toThrow(/has not verified it/);
    expect(await database.db.select().from(users).where(eq(users.uid, 'squatter-uid'))).toEqual([]);

    await grantAdminByEmail(stores, 'future.hire@acme.test', { allowUnverified: true });
    const [squatter] = await database.db.select().from(users).where(eq(users.uid, 'squatter-uid'));
    // Fields from the identity provider are validated like API input before they are stored.
    expect(squatter.name).toBe('x'.repeat(200));
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.actorUid, 'system:admin-grant'));
    expect(audit).toHaveLength(2);
  });
});
