import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SPEECH_RATE_DEFAULTS,
  speechRateGetResponseSchema,
  speechRatePutResponseSchema,
  speechRateSettingsSchema,
  type SpeechRateSettings,
} from '../../src/contract/speechRate';
import type { Database, Transaction } from '../db/client';
import { speechRateSettings } from '../db/schema';
import { diffFields, recordAudit } from '../services/audit';

const SETTINGS_ID = 1;

const readSettings = async (db: Database | Transaction): Promise<SpeechRateSettings> => {
  const [row] = await db.select().from(speechRateSettings).where(eq(speechRateSettings.id, SETTINGS_ID)).limit(1);
  // spec 9: enabled, 30 s, 150 words until an admin saves something else
  return row ? { enabled: row.enabled, time_window: row.timeWindow, max_words: row.maxWords } : { ...SPEECH_RATE_DEFAULTS };
};

/** GET and PUT /api/speech-rate (spec 7): one settings row, every change audited. */
export const speechRateRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/speech-rate', { schema: { response: { 200: speechRateGetResponseSchema } } }, async () => ({
    success: true as const,
    data: await readSettings(db),
  }));

  app.put(
    '/speech-rate',
    { schema: { body: speechRateSettingsSchema, response: { 200: speechRatePutResponseSchema } } },
    async (request) => {
      const next = request.body;
      await db.transaction(async (tx) => {
        const before = await readSettings(tx);
        const values = { enabled: next.enabled, timeWindow: next.time_window, maxWords: next.max_words, updatedAt: new Date() };
        await tx
          .insert(speechRateSettings)
          .values({ id: SETTINGS_ID, ...values })
          .onConflictDoUpdate({ target: speechRateSettings.id, set: values });
        const changes = diffFields(before, next);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, {
            actor: request.admin,
            action: 'speechRate.update',
            targetType: 'speechRate',
            targetId: String(SETTINGS_ID),
            changes,
          });
        }
      });
      return { success: true as const, data: next };
    },
  );
};
