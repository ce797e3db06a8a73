import { and, eq, sql } from 'drizzle-orm';
import type { CallSettingsData } from '../../src/contract/callEnd';
import type { Database, Transaction } from '../db/client';
import { callSettings } from '../db/schema';
import { type AuditActor, recordAudit } from './audit';
import { checkVersion, versionConflict } from './versions';

const SETTINGS_ID = 1;

const readRow = async (db: Database | Transaction, lock = false) => {
  const query = db.select().from(callSettings).where(eq(callSettings.id, SETTINGS_ID)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** `defaultMinutes` (CALLS_ABANDON_AFTER_MINUTES) applies until an admin saves another value; version 0 until then. */
export const readCallSettings = async (db: Database | Transaction, defaultMinutes: number): Promise<CallSettingsData> => {
  const row = await readRow(db);
  return { abandonAfterMinutes: row?.abandonAfterMinutes ?? defaultMinutes, version: row?.version ?? 0, defaultMinutes };
};

export const updateCallSettings = async (
  db: Database,
  actor: AuditActor,
  input: { abandonAfterMinutes: number; version?: number },
  defaultMinutes: number,
): Promise<CallSettingsData> =>
  db.transaction(async (tx) => {
    const current = await readRow(tx, true);
    checkVersion(input.version, current?.version ?? 0, 'callSettings');
    const before = current?.abandonAfterMinutes ?? defaultMinutes;
    if (current && before === input.abandonAfterMinutes) return { abandonAfterMinutes: before, version: current.version, defaultMinutes };
    const values = { abandonAfterMinutes: input.abandonAfterMinutes, updatedAt: new Date() };
    const [saved] = current
      ? await tx
          .update(callSettings)
          .set({ ...values, version: current.version + 1 })
          .where(and(eq(callSettings.id, SETTINGS_ID), eq(callSettings.version, current.version)))
          .returning()
      : await (input.version === undefined
          ? tx
              .insert(callSettings)
              .values({ id: SETTINGS_ID, ...values, version: 1 })
              .onConflictDoUpdate({ target: callSettings.id, set: { ...values, version: sql`${callSettings.version} + 1` } })
          : tx
              .insert(callSettings)
              .values({ id: SETTINGS_ID, ...values, version: 1 })
              .onConflictDoNothing()
        ).returning();
    if (!saved) throw versionConflict('callSettings');
    if (before !== input.abandonAfterMinutes)
      await recordAudit(tx, {
        actor,
        action: 'callSettings.update',
        targetType: 'callSettings',
        targetId: String(SETTINGS_ID),
        changes: { abandonAfterMinutes: { from: before, to: input.abandonAfterMinutes } },
      });
    return { abandonAfterMinutes: saved.abandonAfterMinutes, version: saved.version, defaultMinutes };
  });
