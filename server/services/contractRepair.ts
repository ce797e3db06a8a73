import type { FastifyBaseLogger } from 'fastify';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../src/contract/apiKeys';
import { LANDMINE_SEVERITIES, type Landmine, type LandmineSeverity } from '../../src/contract/landmines';
import { EMOTIONS, SPEAKERS, type Emotion, type SessionDetail } from '../../src/contract/sessions';

/**
 * docs/api.md "Values outside the contract": values no CHECK constraint guards are repaired or left out before they
 * are served, each logged once per process.
 */
export type RepairLog = Pick<FastifyBaseLogger, 'warn'>;

const warned = new Set<string>();
const WARNED_MAX = 10_000;

const warnOnce = (log: RepairLog | undefined, record: string, id: string, field: string, value: unknown, outcome: string) => {
  const key = `${record}\n${id}\n${field}\n${String(value)}`;
  if (!log || warned.has(key)) return;
  if (warned.size >= WARNED_MAX) warned.clear();
  warned.add(key);
  log.warn({ event: 'contract.outsideEnum', record, id, field, value, outcome }, 'a stored value is outside the contract');
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The spec's empty summary's. */
export const FALLBACK_EMOTION: Emotion = 'neutral';
/** The create form's default. */
export const FALLBACK_SEVERITY: LandmineSeverity = 'general';

const summaryWithinContract = (summary: SessionDetail['sentimentAnalysis']['sessionSummary']) =>
  isOneOf(EMOTIONS, summary.session_dominant_emotion) && Object.keys(summary.emotion_distribution).every((key) => isOneOf(EMOTIONS, key));

/** A speaker that is neither party cannot be guessed: such a transcript or entry is left out. */
export const repairSession = (session: SessionDetail, log?: RepairLog): SessionDetail => {
  const id = session.sessionId;
  const emotion = (field: string, value: unknown): Emotion => {
    if (isOneOf(EMOTIONS, value)) return value;
    warnOnce(log, 'session', id, field, value, `read as ${FALLBACK_EMOTION}`);
    return FALLBACK_EMOTION;
  };
  const spoken = (field: string) => (entry: { speaker: unknown }, index: number) => {
    if (isOneOf(SPEAKERS, entry.speaker)) return true;
    warnOnce(log, 'session', id, `${field}[${index}].speaker`, entry.speaker, 'left out');
    return false;
  };
  const summary = session.sentimentAnalysis.sessionSummary;
  const distribution = Object.fromEntries(
    Object.entries(summary.emotion_distribution).filter(([key, value]) => {
      if (isOneOf(EMOTIONS, key)) return true;
      warnOnce(log, 'session', id, 'emotion_distribution', key, `left out (${String(value)})`);
      return false;
    }),
  ) as typeof summary.emotion_distribution;
  const clean =
    session.transcripts.every((entry) => isOneOf(SPEAKERS, entry.speaker)) &&
    session.sentimentAnalysis.entries.every((entry) => isOneOf(SPEAKERS, entry.speaker) && isOneOf(EMOTIONS, entry.dominant_emotion)) &&
    summaryWithinContract(summary);
  // The common case builds nothing new: a long call has some 10 000 entries.
  if (clean) return session;
  return {
    ...session,
    transcripts: session.transcripts.filter(spoken('transcripts')),
    sentimentAnalysis: {
      sessionSummary: {
        ...summary,
        session_dominant_emotion: emotion('session_dominant_emotion', summary.session_dominant_emotion),
        emotion_distribution: distribution,
      },
      entries: session.sentimentAnalysis.entries
        .filter(spoken('entries'))
        .map((entry, index) => ({ ...entry, dominant_emotion: emotion(`entries[${index}].dominant_emotion`, entry.dominant_emotion) })),
    },
  };
};

export const repairLandmine = (landmine: Landmine, log?: RepairLog): Landmine => {
  if (landmine.cannotSay.every((point) => isOneOf(LANDMINE_SEVERITIES, point.severity))) return landmine;
  return {
    ...landmine,
    cannotSay: landmine.cannotSay.map((point, index) => {
      if (isOneOf(LANDMINE_SEVERITIES, point.severity)) return point;
      warnOnce(log, 'landmine', landmine._id, `cannotSay[${index}].severity`, point.severity, `read as ${FALLBACK_SEVERITY}`);
      return { ...point, severity: FALLBACK_SEVERITY };
    }),
  };
};

/** An unknown scope grants nothing (verifyApiKey checks scopes by name). */
export const repairApiKey = (key: ApiKey, log?: RepairLog): ApiKey => {
  if (key.scopes.every((scope) => isOneOf(API_KEY_SCOPES, scope))) return key;
  return {
    ...key,
    scopes: key.scopes.filter((scope): scope is ApiKeyScope => {
      if (isOneOf(API_KEY_SCOPES, scope)) return true;
      warnOnce(log, 'apiKey', key.id, 'scopes', scope, 'left out');
      return false;
    }),
  };
};
