import { AUTH_TOKEN_STORAGE_KEY, TOKEN_EXPIRY_BUFFER_MS } from '@/config';
import { jwtDecode } from 'jwt-decode';
import type { AuthUser, TokenInfo } from './types';

export interface IdTokenResultLike {
  token: string;
  expirationTime: string;
  issuedAtTime: string;
}

/** spec 5 */
export const isTokenExpired = (info: TokenInfo, now: number): boolean => info.expiresAt - now <= TOKEN_EXPIRY_BUFFER_MS;

export const toTokenInfo = (result: IdTokenResultLike): TokenInfo => ({
  token: result.token,
  expiresAt: new Date(result.expirationTime).getTime(),
  issuedAt: new Date(result.issuedAtTime).getTime(),
});

const isTokenInfo = (value: unknown): value is TokenInfo => {
  if (typeof value !== 'object' || value === null) return false;
  const { token, expiresAt, issuedAt } = value as Record<string, unknown>;
  return typeof token === 'string' && token.length > 0 && Number.isFinite(expiresAt) && Number.isFinite(issuedAt);
};

const parse = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

export interface TokenStore {
  /** spec 5: an invalid or expired token is removed. */
  read(now: number): TokenInfo | null;
  /** The stored token, expired or not, whose account it names: who had a session on this browser. */
  owner(): AuthUser | null;
  write(info: TokenInfo): void;
  clear(): void;
}

/** spec 3 */
export const createTokenStore = (storage: Storage): TokenStore => ({
  read(now) {
    const raw = storage.getItem(AUTH_TOKEN_STORAGE_KEY);
    if (raw === null) return null;
    const info = parse(raw);
    if (!isTokenInfo(info) || isTokenExpired(info, now)) {
      storage.removeItem(AUTH_TOKEN_STORAGE_KEY);
      return null;
    }
    return info;
  },
  owner() {
    const info = parse(storage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? 'null');
    return isTokenInfo(info) ? tokenUser(info.token) : null;
  },
  write(info) {
    storage.setItem(AUTH_TOKEN_STORAGE_KEY, JSON.stringify(info));
  },
  clear() {
    storage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  },
});

/** Read, not verified: it only decides what the portal shows before the provider answers; the API verifies the token. */
export const tokenUser = (token: string): AuthUser | null => {
  try {
    const claims = jwtDecode<{ user_id?: unknown; sub?: unknown; email?: unknown }>(token);
    const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
    if (typeof uid !== 'string' || uid === '') return null;
    return { uid, email: typeof claims.email === 'string' ? claims.email : null };
  } catch {
    return null;
  }
};
