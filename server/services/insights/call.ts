import { createHash } from 'node:crypto';
import type { IngestEvent } from '../../../src/contract/assistantSessions';
import type { Emotion, Speaker } from '../../../src/contract/sessions';
import { detectionKind } from '../sessionEvents';

/* Pure functions of a finished call's events; record.ts adds them to the aggregates. */
/** Times in epoch milliseconds, lists in time order. */
export interface CallRecord {
  id: string;
  rep: string;
  status: 'completed' | 'failed';
  startMs: number;
  endMs: number;
  transcripts: readonly { t: number; speaker: Speaker; text: string }[];
  detections: readonly {
    seq: number;
    t: number;
    kind: 'objection' | 'faq' | 'new_inquiry';
    category: string;
    question: string;
    answer: string | null;
    itemId: string | null;
  }[];
  sentiment: readonly { t: number; speaker: Speaker; emotion: Emotion }[];
  alerts: number;
  landmines: readonly { seq: number; t: number; landmineId: string | null; trigger: string; speaker: Speaker }[];
}

/** contract/insights.ts insightEffectSchema */
export const VALENCE: Record<Emotion, number> = {
  happy: 1,
  surprised: 0,
  neutral: 0,
  sad: -1,
  fearful: -1,
  angry: -1,
  disgusted: -1,
};

export const EFFECT_WINDOW = 3;

/** How phrasings, questions and triggers are compared. */
export const normalizeText = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const answerKeyOf = (answer: string): string => createHash('md5').update(answer).digest('hex');

export interface RepFacts {
  durationMs: number;
  talkMs: number;
  salesTalkMs: number;
  longestMonologueMs: number;
  questions: number;
  alerts: number;
  landmines: number;
  sentimentSum: number;
  sentimentEntries: number;
}

/** Talk time per transcript runs to the next transcript or the end; a monologue until the next customer transcript. */
export const repFacts = (call: CallRecord): RepFacts => {
  let talkMs = 0;
  let salesTalkMs = 0;
  let longestMonologueMs = 0;
  let monologueStart: number | null = null;
  let questions = 0;
  call.transcripts.forEach((transcript, i) => {
    const next = call.transcripts[i + 1]?.t ?? call.endMs;
    const spoken = Math.max(0, next - transcript.t);
    talkMs += spoken;
    if (transcript.speaker === 'salesperson') {
      salesTalkMs += spoken;
      monologueStart ??= transcript.t;
      questions += (transcript.text.match(/\?/g) ?? []).length;
    } else if (monologueStart !== null) {
      longestMonologueMs = Math.max(longestMonologueMs, transcript.t - monologueStart);
      monologueStart = null;
    }
  });
  if (monologueStart !== null) longestMonologueMs = Math.max(longestMonologueMs, call.endMs - monologueStart);
  const customer = call.sentiment.filter((entry) => entry.speaker === 'customer');
  return {
    durationMs: Math.max(0, call.endMs - call.startMs),
    talkMs,
    salesTalkMs,
    longestMonologueMs,
    questions,
    alerts: call.alerts,
    landmines: call.landmines.length,
    sentimentSum: customer.reduce((sum, entry) => sum + VALENCE[entry.emotion], 0),
    sentimentEntries: customer.length,
  };
};

/** None when either side of the detection is empty. */
export const answerEffects = (call: CallRecord): Map<number, number> => {
  const customer = call.sentiment.filter((entry) => entry.speaker === 'customer');
  const effects = new Map<number, number>();
  const mean = (entries: readonly { emotion: Emotion }[]) =>
    entries.reduce((sum, entry) => sum + VALENCE[entry.emotion], 0) / entries.length;
  for (const detection of call.detections) {
    if (detection.kind !== 'objection') continue;
    const firstAfter = customer.findIndex((entry) => entry.t > detection.t);
    const split = firstAfter === -1 ? customer.length : firstAfter;
    const before = customer.slice(Math.max(0, split - EFFECT_WINDOW), split);
    const after = customer.slice(split, split + EFFECT_WINDOW);
    if (before.length === 0 || after.length === 0) continue;
    effects.set(detection.seq, mean(after) - mean(before));
  }
  return effects;
};

/** The demo seed stores its calls from these too. */
export const callFromEvents = (
  call: Pick<CallRecord, 'id' | 'rep' | 'status' | 'startMs' | 'endMs'>,
  events: readonly IngestEvent[],
): CallRecord => {
  const record: CallRecord & { [K in 'transcripts' | 'detections' | 'sentiment' | 'landmines']: CallRecord[K][number][] } = {
    ...call,
    transcripts: [],
    detections: [],
    sentiment: [],
    alerts: 0,
    landmines: [],
  };
  const ordered = [...events].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.seq - b.seq);
  for (const event of ordered) {
    const t = Date.parse(event.timestamp);
    if (event.type === 'transcript') record.transcripts.push({ t, speaker: event.speaker, text: event.text });
    else if (event.type === 'sentiment') record.sentiment.push({ t, speaker: event.speaker, emotion: event.dominant_emotion });
    else if (event.type === 'speech_alert') record.alerts += 1;
    else if (event.type === 'landmine')
      record.landmines.push({ seq: event.seq, t, landmineId: event.landmineId ?? null, trigger: event.trigger, speaker: event.speaker });
    else if (event.type === 'detection')
      record.detections.push({
        seq: event.seq,
        t,
        kind: detectionKind(event.category),
        category: event.category,
        question: event.question,
        answer: event.answer ?? null,
        itemId: event.itemId ?? null,
      });
  }
  return record;
};
