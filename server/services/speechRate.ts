import { eq } from 'drizzle-orm';
import { SPEECH_RATE_DEFAULTS, type SpeechRateSettings } from '../../src/contract/speechRate';
import type { Database, Transaction } from '../db/client';
import { speechRateSettings } from '../db/schema';
import { diffFields, recordAudit, type AuditActor } from './audit';
import { bumpConfigVersion } from './configVersion';

const SETTINGS_ID = 1;

/** The one settings row, or the spec's defaults while no admin has saved any. */
export const readSpeechRate = async (db: Database | Transaction): Promise<SpeechRateSettings> => {
  const [row] = await db.select().from(speechRateSettings).where(eq(speechRateSettings.id, SETTINGS_ID)).limit(1);
  // spec 9: enabled, 30 s, 150 words until an admin saves something else
  return row ? { enabled: row.enabled, time_window: row.timeWindow, max_words: row.maxWords } : { ...SPEECH_RATE_DEFAULTS };
};

/** Saves the settings and, when anything changed, its audit row, in one transaction. */
export const updateSpeechRate = async (db: Database, actor: AuditActor, next: SpeechRateSettings): Promise<SpeechRateSettings> => {
  await db.transaction(async (tx) => {
    const before = await readSpeechRate(tx);
    const values = { enabled: next.enabled, timeWindow: next.time_window, maxWords: next.max_words, updatedAt: new Date() };
    await tx
      .insert(speechRateSettings)
      .values({ id: SETTINGS_ID, ...values })
      .onConflictDoUpdate({ target: speechRateSettings.id, set: values });
    const changes = diffFields(before, next);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { actor, action: 'speechRate.update', targetType: 'speechRate', targetId: String(SETTINGS_ID), changes });
      await bumpConfigVersion(tx);
    }
  });
  return next;
};
