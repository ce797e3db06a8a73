import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../server/app';
import { openDatabase, type OpenedDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createFirebaseIdentity, type Identity } from '../../server/services/identity';
import { REVOCATION_CHECK_INTERVAL_MS } from '../../server/services/revocationCache';
import { testApp, testRuntimeConfig, type TestApp } from '../support/apiApp';
import { startGoogleStandIn, type GoogleStandIn } from '../support/googleStandIn';
import {
  bearer,
  makeAdmin,
  pastRevocationGranularity,
  setProfile,
  signIn,
  signUp,
  TEST_PASSWORD,
  TEST_PROJECT_ID,
  useAuthEmulator,
} from '../support/identity';

// The signature is checked locally on every request, the portal's own revocations
// are read from the database on every request, and the identity provider is asked about a uid
// at most once a minute. The provider here is the local stand-in of Google, which counts the
// calls; the clock is injected, so nothing waits for a minute.
const PROJECT_ID = 'acme-sales-prod';
const LOOKUP = new RegExp(`^POST /v1/projects/${PROJECT_ID}/accounts:lookup$`);

describe('the revocation check with a real project (signed tokens)', () => {
  let google: GoogleStandIn;
  let database: OpenedDatabase;
  let identity: Identity;
  let app: App;
  let clock = 1_000_000;
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const lookups = () => google.requests.filter((request) => LOOKUP.test(request)).length;

  const newAdmin = async (label: string) => {
    const uid = `${label}-${Math.random().toString(36).slice(2, 10)}`;
    const email = `${uid}@acme.test`;
    google.accounts.set(uid, { localId: uid, email, emailVerified: true });
    await makeAdmin(database.db, { uid, email });
    const token = google.signIdToken({ uid, projectId: PROJECT_ID, authTime: Math.floor(Date.now() / 1000) - 5 });
    return { uid, call: () => app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(token) }) };
  };

  beforeAll(async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    google = await startGoogleStandIn();
    database = await openDatabase({ dataDir: 'memory' });
    identity = createFirebaseIdentity({
      projectId: PROJECT_ID,
      httpAgent: google.httpAgent,
      credential: google.credential,
      revocationCheck: { now: () => clock },
    });
    app = await buildApp({ db: database.db, identity, runtimeConfig: testRuntimeConfig(null), rateLimit: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await identity?.close();
    await google?.stop();
    if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  });

  it('asks the provider about a uid once a minute, however many requests it makes', async () => {
    const admin = await newAdmin('busy');
    const before = lookups();
    for (let i = 0; i < 5; i += 1) expect((await admin.call()).statusCode).toBe(200);
    expect(lookups() - before).toBe(1);

    clock += REVOCATION_CHECK_INTERVAL_MS - 1;
    expect((await admin.call()).statusCode).toBe(200);
    expect(lookups() - before).toBe(1);

    clock += 1;
    for (let i = 0; i < 3; i += 1) expect((await admin.call()).statusCode).toBe(200);
    expect(lookups() - before).toBe(2);
  });

  it('counts each uid on its own', async () => {
    const [first, second] = [await newAdmin('first'), await newAdmin('second')];
    const before = lookups();
    for (let i = 0; i < 3; i += 1) {
      expect((await first.call()).statusCode).toBe(200);
      expect((await second.call()).statusCode).toBe(200);
    }
    expect(lookups() - before).toBe(2);
  });

  it('refuses a revocation the portal recorded on the very next request, without asking the provider', async () => {
    const admin = await newAdmin('revoked');
    expect((await admin.call()).statusCode).toBe(200);
    const before = lookups();
    // What another server's disable, delete, demotion or password reset writes.
    await setProfile(database.db, admin.uid, { sessionsRevokedAt: new Date() });
    const revoked = await admin.call();
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    await setProfile(database.db, admin.uid, { sessionsRevokedAt: null, isActive: false });
    expect((await admin.call()).statusCode).toBe(403);
    expect(lookups()).toBe(before);
  });

  it('sees an account disabled elsewhere (the Firebase console) once its minute has passed, and keeps asking while refused', async () => {
    const admin = await newAdmin('console');
    expect((await admin.call()).statusCode).toBe(200);
    google.accounts.set(admin.uid, { ...google.accounts.get(admin.uid)!, disabled: true });
    expect((await admin.call()).statusCode).toBe(200);

    clock += REVOCATION_CHECK_INTERVAL_MS;
    const before = lookups();
    expect((await admin.call()).statusCode).toBe(401);
    expect((await admin.call()).statusCode).toBe(401);
    expect(lookups() - before).toBe(2);

    google.accounts.set(admin.uid, { ...google.accounts.get(admin.uid)!, disabled: false });
    expect((await admin.call()).statusCode).toBe(200);
    expect((await admin.call()).statusCode).toBe(200);
    expect(lookups() - before).toBe(3);
  });

  it('refuses a token once it expires, though it passed before', async () => {
    const admin = await newAdmin('expiring');
    const token = google.signIdToken({
      uid: admin.uid,
      projectId: PROJECT_ID,
      authTime: Math.floor(Date.now() / 1000) - 5,
      // Long enough that a busy machine still makes the first call before it expires.
      expiresInSeconds: 6,
    });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
    const call = () => app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(token) });
    expect((await call()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 + 1_100 - Date.now())));
    const expired = await call();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
  });

  it('still checks the signature of every request', async () => {
    const admin = await newAdmin('forger');
    expect((await admin.call()).statusCode).toBe(200);
    const valid = google.signIdToken({ uid: admin.uid, projectId: PROJECT_ID });
    const [header, , signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(valid.split('.')[1], 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, uid: 'someone-else', sub: 'someone-else' })).toString('base64url')}.${signature}`;
    const response = await app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(tampered) });
    expect(response.statusCode).toBe(401);
  });
});

describe('the revocation check with the Auth emulator', () => {
  let database: OpenedDatabase;
  let identity: Identity;
  let elsewhere: Identity;
  let app: App;
  let clock = 1_000_000;

  beforeAll(async () => {
    const emulatorHost = useAuthEmulator();
    database = await openDatabase({ dataDir: 'memory' });
    identity = createFirebaseIdentity({ projectId: TEST_PROJECT_ID, revocationCheck: { now: () => clock } });
    elsewhere = createFirebaseIdentity({ projectId: TEST_PROJECT_ID });
    app = await buildApp({
      db: database.db,
      writes: database.writes,
      identity,
      runtimeConfig: testRuntimeConfig(emulatorHost),
      rateLimit: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await identity?.close();
    await elsewhere?.close();
  });

  it('asks the emulator about a token as seldom as Google: an account disabled elsewhere is refused once its minute has passed', async () => {
    const account = await signUp();
    await makeAdmin(database.db, account);
    const call = () => app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(account.idToken) });
    expect((await call()).statusCode).toBe(200);
    await elsewhere.updateUser(account.uid, { disabled: true });
    expect((await call()).statusCode).toBe(200);
    clock += REVOCATION_CHECK_INTERVAL_MS;
    expect((await call()).statusCode).toBe(401);
  });

  it('refuses at once an account disabled through this server', async () => {
    const account = await signUp();
    await makeAdmin(database.db, account);
    const call = () => app.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(account.idToken) });
    expect((await call()).statusCode).toBe(200);
    await identity.updateUser(account.uid, { disabled: true });
    expect((await call()).statusCode).toBe(401);
  });
});

describe('two servers on one database, each remembering its provider checks (Auth emulator)', () => {
  let t: TestApp;
  let otherIdentity: Identity;
  let other: App;

  beforeAll(async () => {
    t = await testApp('pglite');
    otherIdentity = createFirebaseIdentity({ projectId: TEST_PROJECT_ID });
    other = await buildApp({ db: t.db, identity: otherIdentity, runtimeConfig: testRuntimeConfig(null), rateLimit: false });
  });
  afterAll(async () => {
    await other?.close();
    await otherIdentity?.close();
    await t?.close();
  });

  it('ends the sessions of a password reset made through one server on the next request to the other', async () => {
    const actor = await t.createAdmin();
    const target = await signUp();
    await makeAdmin(t.db, target);
    const onOther = (token: string) => other.inject({ method: 'GET', url: '/api/speech-rate', headers: bearer(token) });
    // The other server has just asked the provider about the target: its answer stands for a minute.
    expect((await onOther(target.idToken)).statusCode).toBe(200);

    const [profile] = await t.db.select({ id: users.id }).from(users).where(eq(users.uid, target.uid));
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${profile.id}/reset-password`,
      headers: { ...actor.headers, 'content-type': 'application/json' },
      payload: { newPassword: 'Brand-new-2' },
    });
    expect(reset.statusCode).toBe(200);
    const refused = await onOther(target.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });

    await pastRevocationGranularity();
    expect((await onOther(await signIn(target.email, 'Brand-new-2'))).statusCode).toBe(200);
    await expect(signIn(target.email, TEST_PASSWORD)).rejects.toThrow();
  });
});
