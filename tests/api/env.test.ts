import { EnvError, loadEnv, runtimeConfigFromEnv } from '../../server/env';
import { BUILT_IN_ADMIN_UIDS } from '../../src/contract/auth';

describe('server environment', () => {
  it('falls back to the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '.data/db',
      FIREBASE_PROJECT_ID: 'demo-salescoach',
      FIREBASE_API_KEY: 'demo-api-key',
      STATIC_DIR: 'dist',
      SEED: true,
      ADMIN_UIDS: [...BUILT_IN_ADMIN_UIDS],
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(runtimeConfigFromEnv(env).authEmulatorUrl).toBeNull();
  });

  it('reads empty variables as unset and parses lists and flags', () => {
    const env = loadEnv({ DATA_DIR: '', DATABASE_URL: '', ADMIN_UIDS: ' a, b ,,', SEED: 'false', PORT: '9001', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(env).toMatchObject({ DATA_DIR: '.data/db', ADMIN_UIDS: ['a', 'b'], SEED: false, PORT: 9001 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(runtimeConfigFromEnv(env)).toMatchObject({ authEmulatorUrl: 'http://127.0.0.1:9099', adminUids: ['a', 'b'] });
  });

  it('rejects invalid values with the variable named', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ SEED: 'maybe' })).toThrow(EnvError);
  });

  it('refuses production with the Auth emulator, and allows each alone', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/Refusing to start/);
    expect(() => loadEnv({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).not.toThrow();
  });
});
