import type { FastifyBaseLogger } from 'fastify';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../src/contract/apiKeys';
import { LANDMINE_SEVERITIES, type Landmine, type LandmineSeverity } from '../../src/contract/landmines';
import { EMOTIONS, SPEAKERS, type Emotion, type SessionDetail } from '../../src/contract/sessions';

/**
 * Values read from the database that the contract's enums do not name (a row written around the
 * API: a migration, a manual fix, an older version) are repaired or left out before they are
 * served, so the portal only ever meets documented values (docs/api.md "Values outside the
 * contract"). Each is logged once per process as a warning naming the row.
 *
 * Enum columns with a CHECK constraint (a session's status, a detection's kind, a dictionary
 * item's kind, a landmine's priority, a user's role and origin) cannot hold such values: the
 * database refuses them. The values checked here are the ones no constraint guards.
 */
export type RepairLog = Pick<FastifyBaseLogger, 'warn'>;

const warned = new Set<string>();
/** Bounds the memory of what was logged; a value seen again after that is logged again. */
const WARNED_MAX = 10_000;

const warnOnce = (log: RepairLog | undefined, record: string, id: string, field: string, value: unknown, outcome: string) => {
  const key = `${record}\n${id}\n${field}\n${String(value)}`;
  if (!log || warned.has(key)) return;
  if (warned.size >= WARNED_MAX) warned.clear();
  warned.add(key);
  log.warn({ event: 'contract.outsideEnum', record, id, field, value, outcome }, 'a stored value is outside the contract');
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The emotion everything unknown is read as: the spec's empty summary's. */
export const FALLBACK_EMOTION: Emotion = 'neutral';
/** The severity an unknown one is read as: the create form's default. */
export const FALLBACK_SEVERITY: LandmineSeverity = 'general';

/** Whether a sentiment summary holds only the contract's emotions (as the dominant one and as the distribution's keys). */
export const summaryWithinContract = (summary: SessionDetail['sentimentAnalysis']['sessionSummary']) =>
  isOneOf(EMOTIONS, summary.session_dominant_emotion) && Object.keys(summary.emotion_distribution).every((key) => isOneOf(EMOTIONS, key));

/**
 * A session's detail: an unknown emotion is read as neutral (in the summary, the entries and the
 * distribution, whose unknown keys are left out); a transcript or sentiment entry whose speaker
 * is neither party is left out, as no speaker can be guessed for it. Entries read compact (without
 * their transcript) stay so.
 */
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

/** A landmine: a "cannot say" point of an unknown severity is read as general. */
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

/** A service key: a scope the API does not know is left out (it grants nothing: verifyApiKey checks scopes by name). */
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
