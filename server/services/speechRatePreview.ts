import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SpeechRateSettings } from '../../src/contract/speechRate';
import { SPEECH_RATE_PREVIEW_SESSIONS, type SpeechRatePreview } from '../../src/contract/speechRatePreview';
import type { Database } from '../db/client';
import { sessions, sessionTranscripts } from '../db/schema';
import { analyzeSpeechRate, type CallTranscript } from './callAnalysis';
import { readSpeechRate } from './speechRate';

const countAlerts = (calls: CallTranscript[][], settings: SpeechRateSettings) => {
  if (!settings.enabled) return { alerts: 0, sessionsWithAlerts: 0 };
  let alerts = 0;
  let sessionsWithAlerts = 0;
  for (const transcripts of calls) {
    const found = analyzeSpeechRate(transcripts, 0, { timeWindow: settings.time_window, maxWords: settings.max_words }).alerts.length;
    alerts += found;
    if (found > 0) sessionsWithAlerts += 1;
  }
  return { alerts, sessionsWithAlerts };
};

/** A completed session's transcripts no longer change: each is read once and kept while it stays among the recent ones. */
const turnCache = new WeakMap<Database, Map<string, CallTranscript[]>>();

const salespersonTurns = async (db: Database, ids: string[]): Promise<CallTranscript[][]> => {
  const cache = turnCache.get(db) ?? new Map<string, CallTranscript[]>();
  turnCache.set(db, cache);
  const missing = ids.filter((id) => !cache.has(id));
  const fresh = new Map<string, CallTranscript[]>(missing.map((id) => [id, []]));
  if (missing.length > 0) {
    const rows = await db
      .select({ sessionId: sessionTranscripts.sessionId, ts: sessionTranscripts.ts, text: sessionTranscripts.text })
      .from(sessionTranscripts)
      .where(and(inArray(sessionTranscripts.sessionId, missing), eq(sessionTranscripts.speaker, 'salesperson')))
      .orderBy(asc(sessionTranscripts.sessionId), asc(sessionTranscripts.seq));
    for (const row of rows) fresh.get(row.sessionId)?.push({ t: row.ts.getTime(), speaker: 'salesperson', text: row.text });
  }
  const kept = new Set(ids);
  for (const id of cache.keys()) if (!kept.has(id)) cache.delete(id);
  for (const [id, turns] of fresh) cache.set(id, turns);
  return ids.map((id) => cache.get(id) ?? []);
};

/** docs/api.md "Speech-rate what-if": the proposed and the saved settings over the same sessions, like with like. */
export const previewSpeechRate = async (db: Database, proposed: SpeechRateSettings): Promise<SpeechRatePreview> => {
  const { enabled, time_window, max_words } = await readSpeechRate(db);
  const current = { enabled, time_window, max_words };
  const recent = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.status, 'completed'))
    .orderBy(desc(sessions.startTime), desc(sessions.id))
    .limit(SPEECH_RATE_PREVIEW_SESSIONS);
  const ids = recent.map((row) => row.id);
  const calls = await salespersonTurns(db, ids);
  const next = countAlerts(calls, proposed);
  const now = countAlerts(calls, current);
  return {
    sessions: ids.length,
    alerts: next.alerts,
    currentAlerts: now.alerts,
    sessionsWithAlerts: next.sessionsWithAlerts,
    currentSessionsWithAlerts: now.sessionsWithAlerts,
    current,
  };
};
