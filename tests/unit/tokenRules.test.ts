import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { createTokenStore, isTokenExpired, toTokenInfo } from '../../src/authProvider/tokenRules';
import { isWhitelisted } from '../../src/authProvider/whitelist';
import { resetErrorKey } from '../../src/authProvider/resetErrors';
import { buildIdTokenResult, createMemoryStorage, HOUR, NOW } from './authFakes';

const info = (expiresAt: number) => ({ token: 't', issuedAt: NOW - HOUR, expiresAt });

describe('isTokenExpired', () => {
  it('treats a token more than 300 000 ms from expiry as valid', () => {
    expect(isTokenExpired(info(NOW + 300_001), NOW)).toBe(false);
  });
  it('treats a token within 300 000 ms of expiry as expired', () => {
    expect(isTokenExpired(info(NOW + 300_000), NOW)).toBe(true);
    expect(isTokenExpired(info(NOW + 1_000), NOW)).toBe(true);
    expect(isTokenExpired(info(NOW - 1), NOW)).toBe(true);
  });
});

describe('toTokenInfo', () => {
  it('reads the token and turns the provider date strings into ms timestamps', () => {
    expect(toTokenInfo(buildIdTokenResult({ token: 'abc', issuedAt: NOW, expiresAt: NOW + HOUR }))).toEqual({
      token: 'abc',
      issuedAt: NOW,
      expiresAt: NOW + HOUR,
    });
  });
});

describe('createTokenStore', () => {
  it('writes the token info as JSON under auth_token and reads it back', () => {
    const storage = createMemoryStorage();
    const store = createTokenStore(storage);
    store.write(info(NOW + HOUR));
    expect(JSON.parse(storage.getItem(AUTH_TOKEN_STORAGE_KEY)!)).toEqual(info(NOW + HOUR));
    expect(store.read(NOW)).toEqual(info(NOW + HOUR));
  });

  it('removes and ignores a stored token within the expiry buffer', () => {
    const storage = createMemoryStorage();
    const store = createTokenStore(storage);
    store.write(info(NOW + 60_000));
    expect(store.read(NOW)).toBeNull();
    expect(storage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each(['not json', '{"token":"t"}', '{"token":"","expiresAt":1,"issuedAt":1}', 'null'])(
    'removes and ignores an invalid stored value %s',
    (raw) => {
      const storage = createMemoryStorage();
      storage.setItem(AUTH_TOKEN_STORAGE_KEY, raw);
      expect(createTokenStore(storage).read(NOW)).toBeNull();
      expect(storage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    },
  );

  it('clears the stored token', () => {
    const storage = createMemoryStorage();
    const store = createTokenStore(storage);
    store.write(info(NOW + HOUR));
    store.clear();
    expect(storage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('isWhitelisted', () => {
  it('accepts only uids on the list', () => {
    expect(isWhitelisted('a', ['a', 'b'])).toBe(true);
    expect(isWhitelisted('c', ['a', 'b'])).toBe(false);
    expect(isWhitelisted('', [''])).toBe(false);
    expect(isWhitelisted(null, ['a'])).toBe(false);
  });
});

describe('resetErrorKey', () => {
  it.each([
    ['auth/user-not-found', 'app.auth.reset.userNotFound'],
    ['auth/invalid-email', 'app.auth.reset.invalidEmail'],
    ['auth/too-many-requests', 'app.auth.reset.tooManyRequests'],
    ['auth/network-request-failed', 'app.auth.reset.failed'],
  ])('maps %s to %s', (code, key) => {
    expect(resetErrorKey({ code })).toBe(key);
  });
  it('falls back to the generic message for errors without a code', () => {
    expect(resetErrorKey(new Error('boom'))).toBe('app.auth.reset.failed');
    expect(resetErrorKey(undefined)).toBe('app.auth.reset.failed');
  });
});
