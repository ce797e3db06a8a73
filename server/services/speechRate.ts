import { and, eq, sql } from 'drizzle-orm';
import { SPEECH_RATE_DEFAULTS, type SpeechRateSettings } from '../../src/contract/speechRate';
import type { Database, Transaction } from '../db/client';
import { speechRateSettings } from '../db/schema';
import { diffFields, recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';
import { checkVersion, versionConflict } from './versions';

const SETTINGS_ID = 1;

type Settings = Omit<SpeechRateSettings, 'version'>;
type Row = typeof speechRateSettings.$inferSelect;

const settingsOf = (row: Row): Settings => ({ enabled: row.enabled, time_window: row.timeWindow, max_words: row.maxWords });

const readRow = async (db: Database | Transaction, lock = false): Promise<Row | undefined> => {
  const query = db.select().from(speechRateSettings).where(eq(speechRateSettings.id, SETTINGS_ID)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const readSpeechRate = async (db: Database | Transaction): Promise<Settings> => {
  const row = await readRow(db);
  // spec 9: enabled, 30 s, 150 words until an admin saves something else.
  return row ? settingsOf(row) : { ...SPEECH_RATE_DEFAULTS };
};

/** Version 0 until the first save (docs/api.md "Versions"). */
export const readVersionedSpeechRate = async (db: Database | Transaction): Promise<Required<SpeechRateSettings>> => {
  const row = await readRow(db);
  return row ? { ...settingsOf(row), version: row.version } : { ...SPEECH_RATE_DEFAULTS, version: 0 };
};

/** Without a version the save goes through as the spec's PUT always did. */
export const updateSpeechRate = async (db: Database, actor: AuditActor, input: SpeechRateSettings): Promise<Required<SpeechRateSettings>> =>
  db.transaction(async (tx) => {
    const current = await readRow(tx, true);
    checkVersion(input.version, current?.version ?? 0, 'speechRate');
    const before = current ? settingsOf(current) : { ...SPEECH_RATE_DEFAULTS };
    const next: Settings = { enabled: input.enabled, time_window: input.time_window, max_words: input.max_words };
    const changes = diffFields(before, next);
    if (current && Object.keys(changes).length === 0) return { ...next, version: current.version };
    const values = { enabled: next.enabled, timeWindow: next.time_window, maxWords: next.max_words, updatedAt: new Date() };
    let saved: Row | undefined;
    if (current) {
      [saved] = await tx
        .update(speechRateSettings)
        .set({ ...values, version: current.version + 1 })
        .where(and(eq(speechRateSettings.id, SETTINGS_ID), eq(speechRateSettings.version, current.version)))
        .returning();
    } else {
      const insert = tx.insert(speechRateSettings).values({ id: SETTINGS_ID, ...values, version: 1 });
      // Two first saves at once: with a version the later one is refused, without one it wins.
      [saved] = await (input.version === undefined
        ? insert.onConflictDoUpdate({ target: speechRateSettings.id, set: { ...values, version: sql`${speechRateSettings.version} + 1` } })
        : insert.onConflictDoNothing()
      ).returning();
    }
    if (!saved) throw versionConflict('speechRate');
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { actor, action: 'speechRate.update', targetType: 'speechRate', targetId: String(SETTINGS_ID), changes });
      await bumpConfigVersion(tx);
    }
    return { ...next, version: saved.version };
  });
