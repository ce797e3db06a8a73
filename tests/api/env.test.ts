import { EMULATOR_NETWORK_OVERRIDE, EnvError, loadEnv, runtimeConfigFromEnv } from '../../server/env';
import { BUILT_IN_ADMIN_UIDS } from '../../src/contract/auth';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
const REAL = { FIREBASE_PROJECT_ID: 'acme-sales-prod', ADMIN_UIDS: 'uid-a' };

describe('server environment', () => {
  it('falls back to the documented defaults (demo mode)', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '.data/db',
      FIREBASE_PROJECT_ID: 'demo-salescoach',
      FIREBASE_API_KEY: 'demo-api-key',
      STATIC_DIR: 'dist',
      SEED: true,
      DEMO_MODE: true,
      ADMIN_UIDS: [...BUILT_IN_ADMIN_UIDS],
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 600,
      EMBEDDINGS_PROVIDER: 'sentence-encoder',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(runtimeConfigFromEnv(env).authEmulatorUrl).toBeNull();
  });

  it('reads empty variables as unset and parses lists and flags', () => {
    const env = loadEnv({
      DATA_DIR: '',
      DATABASE_URL: '',
      ADMIN_UIDS: ' a, b ,,',
      SEED: 'false',
      PORT: '9001',
      ...EMULATOR,
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    expect(env).toMatchObject({
      DATA_DIR: '.data/db',
      ADMIN_UIDS: ['a', 'b'],
      SEED: false,
      PORT: 9001,
      TRUST_PROXY: ['10.0.0.1', '10.0.0.0/8'],
      RATE_LIMIT_PER_MINUTE: 0,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(runtimeConfigFromEnv(env)).toMatchObject({ authEmulatorUrl: 'http://127.0.0.1:9099', adminUids: ['a', 'b'] });
    expect(loadEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadEnv({ EMBEDDINGS_PROVIDER: 'hashed' }).EMBEDDINGS_PROVIDER).toBe('hashed');
    expect(loadEnv({ EMBEDDINGS_PROVIDER: '' }).EMBEDDINGS_PROVIDER).toBe('sentence-encoder');
  });

  it('rejects invalid values with the variable named', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ SEED: 'maybe' })).toThrow(EnvError);
    expect(() => loadEnv({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadEnv({ EMBEDDINGS_PROVIDER: 'bert' })).toThrow(/EMBEDDINGS_PROVIDER/);
    // trusting every hop lets a client write its own address: refused, saying what to give instead
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*addresses or CIDRs/s);
  });

  it.each(['production', 'prod', 'staging', 'Production', 'development', undefined])(
    'allows the emulator only for a demo-* project, whatever NODE_ENV (%s) says',
    (nodeEnv) => {
      const base = nodeEnv ? { NODE_ENV: nodeEnv } : {};
      expect(() => loadEnv({ ...base, ...EMULATOR, ...REAL })).toThrow(
        /Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set, but FIREBASE_PROJECT_ID=acme-sales-prod is not a demo-\* project/,
      );
      expect(loadEnv({ ...base, ...EMULATOR, FIREBASE_PROJECT_ID: 'demo-acme' })).toMatchObject({ DEMO_MODE: true });
      expect(loadEnv({ ...base, ...REAL })).toMatchObject({ DEMO_MODE: false, HOST: '0.0.0.0' });
    },
  );

  it('binds to loopback with the emulator, also when HOST is unset, and refuses a network HOST without the override', () => {
    expect(loadEnv(EMULATOR).HOST).toBe('127.0.0.1');
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(loadEnv({ ...EMULATOR, HOST: host }).HOST).toBe(host);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example.com']) {
      expect(() => loadEnv({ ...EMULATOR, HOST: host })).toThrow(
        /Refusing to start: HOST=.* would expose a server that trusts the Auth emulator/,
      );
      expect(() => loadEnv({ ...EMULATOR, HOST: host, DEMO_LISTEN_ON_NETWORK: 'true' })).toThrow(EnvError);
      expect(loadEnv({ ...EMULATOR, HOST: host, DEMO_LISTEN_ON_NETWORK: EMULATOR_NETWORK_OVERRIDE }).HOST).toBe(host);
    }
  });

  it('requires ADMIN_UIDS outside demo mode and publishes them as the whitelist', () => {
    expect(() => loadEnv({ FIREBASE_PROJECT_ID: 'acme-sales-prod' })).toThrow(/Refusing to start: ADMIN_UIDS is empty/);
    expect(() => loadEnv({ FIREBASE_PROJECT_ID: 'acme-sales-prod', ADMIN_UIDS: ' , ' })).toThrow(/ADMIN_UIDS/);
    const env = loadEnv({ ...REAL, ADMIN_UIDS: 'uid-a,uid-b' });
    expect(runtimeConfigFromEnv(env).adminUids).toEqual(['uid-a', 'uid-b']);
    expect(runtimeConfigFromEnv(env).adminUids).not.toContain(BUILT_IN_ADMIN_UIDS[0]);
  });
});
