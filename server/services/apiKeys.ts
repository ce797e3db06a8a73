import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyScope,
} from '../../src/contract/apiKeys';
import type { Database, WriteGeneration } from '../db/client';
import { apiKeys } from '../db/schema';
import { notFoundError } from '../errors';
import { recordAudit, type AuditActor } from './audit';

type Row = typeof apiKeys.$inferSelect;

/** Never the secret. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** A busy key is not a write per call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Names a presented key without reading the database; null for a string that cannot be a key. */
export const presentedKeyDigest = (presented: string): string | null =>
  API_KEY_PATTERN.test(presented) ? sha256(presented).toString('hex') : null;

const toWire = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  createdByUid: row.createdByUid,
  createdByEmail: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** docs/security.md "Service keys" */
export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The secret is in the answer and nowhere else. */
export const createApiKey = async (db: Database, actor: AuditActor, input: ApiKeyCreate): Promise<ApiKey & { key: string }> => {
  const key = generateApiKey();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        scopes: input.scopes,
        prefix: key.slice(0, API_KEY_SHOWN_CHARS),
        keyHash: sha256(key).toString('hex'),
        createdByUid: actor.uid,
        createdByEmail: actor.email,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'apiKey.create',
      targetType: 'apiKey',
      targetId: created.id,
      changes: {
        name: { from: null, to: created.name },
        scopes: { from: null, to: created.scopes.join(', ') },
        prefix: { from: null, to: created.prefix },
      },
    });
    return created;
  });
  return { ...toWire(row), key };
};

export const listApiKeys = async (db: Database): Promise<ApiKey[]> =>
  (await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))).map(toWire);

export const getApiKey = async (db: Database, id: string): Promise<ApiKey> => {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) throw notFoundError(API_KEY_MESSAGES.notFound);
  return toWire(row);
};

/** Refused from its next call on; revoking again writes nothing. */
export const revokeApiKey = async (db: Database, actor: AuditActor, id: string): Promise<ApiKey> =>
  toWire(
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1).for('update');
      if (!current) throw notFoundError(API_KEY_MESSAGES.notFound);
      if (current.revokedAt) return current;
      const [row] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id)).returning();
      await recordAudit(tx, {
        actor,
        action: 'apiKey.revoke',
        targetType: 'apiKey',
        targetId: id,
        changes: { revokedAt: { from: null, to: row.revokedAt!.toISOString() } },
      });
      return row;
    }),
  );

/** A key found valid, and when it was last used as the database had it. */
export interface VerifiedKey {
  principal: ApiKeyPrincipal;
  lastUsedAt: Date | null;
}

/** Looked up by the SHA-256 (the database never sees the secret), then compared in constant time; its use is marked apart (markKeyUsed). */
export const verifyApiKey = async (db: Database, presented: string): Promise<VerifiedKey | null> => {
  if (!API_KEY_PATTERN.test(presented)) return null;
  const digest = sha256(presented);
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, digest.toString('hex')))
    .limit(1);
  if (!row || row.revokedAt) return null;
  const stored = Buffer.from(row.keyHash, 'hex');
  if (stored.length !== digest.length || !timingSafeEqual(stored, digest)) return null;
  return { principal: { id: row.id, name: row.name, scopes: row.scopes }, lastUsedAt: row.lastUsedAt };
};

/** A call the key opened: last_used_at moves, at most once a minute; a refused call never moves it. */
export const markKeyUsed = async (db: Database, key: VerifiedKey): Promise<void> => {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  key.lastUsedAt = new Date();
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, key.principal.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${`${LAST_USED_RESOLUTION_MS} milliseconds`}::interval`)),
      ),
    );
};

/** A fleet uses a handful; a flood of made-up keys pushes only each other out. */
const KEPT_KEYS = 1_000;

/** Kept between writes (PGlite) for at most a minute; a revocation is a write. */
export const createApiKeyVerifier = (db: Database, writes: WriteGeneration | null) => {
  if (!writes) return (presented: string) => verifyApiKey(db, presented);
  const kept = new LRUCache<string, { generation: number; checkedAt: number; key: VerifiedKey | null }>({ max: KEPT_KEYS });
  return async (presented: string): Promise<VerifiedKey | null> => {
    const digest = presentedKeyDigest(presented);
    if (!digest) return null;
    const entry = kept.get(digest);
    if (entry && entry.generation === writes.current && Date.now() - entry.checkedAt < LAST_USED_RESOLUTION_MS) return entry.key;
    const generation = writes.current;
    const key = await verifyApiKey(db, presented);
    kept.set(digest, { generation, checkedAt: Date.now(), key });
    return key;
  };
};
