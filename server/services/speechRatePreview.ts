import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SpeechRateSettings } from '../../src/contract/speechRate';
import { SPEECH_RATE_PREVIEW_SESSIONS, type SpeechRatePreview } from '../../src/contract/speechRatePreview';
import type { Database } from '../db/client';
import { sessions, sessionTranscripts } from '../db/schema';
import { analyzeSpeechRate } from '../seed/sessions/speechRate';
import type { GeneratedTranscript } from '../seed/sessions/types';
import { readSpeechRate } from './speechRate';

/** Alerts, and sessions with any, that `settings` raise over the sessions' salesperson transcripts. */
const countAlerts = (calls: GeneratedTranscript[][], settings: SpeechRateSettings) => {
  if (!settings.enabled) return { alerts: 0, sessionsWithAlerts: 0 };
  let alerts = 0;
  let sessionsWithAlerts = 0;
  for (const transcripts of calls) {
    // the rule reads only the salesperson's turns; `end` feeds the average rate, unused here
    const found = analyzeSpeechRate(transcripts, 0, { timeWindow: settings.time_window, maxWords: settings.max_words }).alerts.length;
    alerts += found;
    if (found > 0) sessionsWithAlerts += 1;
  }
  return { alerts, sessionsWithAlerts };
};

/**
 * The speech-rate what-if (docs/api.md): replays the monitor's rule (the one the demo sessions
 * are analysed with, seed/sessions/speechRate.ts) over the stored transcripts of the last
 * SPEECH_RATE_PREVIEW_SESSIONS completed sessions, once with the proposed settings and once
 * with the saved ones, so the two counts compare like with like.
 */
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
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ sessionId: sessionTranscripts.sessionId, ts: sessionTranscripts.ts, text: sessionTranscripts.text })
          .from(sessionTranscripts)
          .where(and(inArray(sessionTranscripts.sessionId, ids), eq(sessionTranscripts.speaker, 'salesperson')))
          .orderBy(asc(sessionTranscripts.sessionId), asc(sessionTranscripts.seq));
  const bySession = new Map<string, GeneratedTranscript[]>(ids.map((id) => [id, []]));
  for (const row of rows) bySession.get(row.sessionId)?.push({ t: row.ts.getTime(), speaker: 'salesperson', text: row.text });
  const calls = [...bySession.values()];
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
