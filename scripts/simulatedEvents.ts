import type { GeneratedSession } from '../server/seed/sessions';
import { cardsNamedIn } from '../server/services/battlecardMentions';

/** The events of a generated call as the live assistant sends them (docs/assistant-api.md), for simulate-call and its tests. */

export type IngestEvent = Record<string, unknown> & { seq: number; type: string; timestamp: string };

/** What the assistant knows of its configuration's ids: items by kind and question, landmines by trigger (all in lower case). */
export interface ConfigIds {
  items: Map<string, string>;
  landmines: Map<string, string>;
  /** The active battlecards, whose names the customer may say. */
  battlecards?: readonly ConfigBattlecard[];
}

interface ConfigBattlecard {
  id: string;
  name: string;
  otherNames: string[];
}

interface ConfigSnapshot {
  version: number;
  objections?: { _id: string; question: string }[];
  faqs?: { _id: string; question: string }[];
  landmines?: { _id: string; trigger: string }[];
  battlecards?: ConfigBattlecard[];
}

const lower = (text: string) => text.trim().toLowerCase();

export const configIdsOf = (config: ConfigSnapshot): ConfigIds => ({
  items: new Map([
    ...(config.objections ?? []).map((item) => [`objection:${lower(item.question)}`, item._id] as const),
    ...(config.faqs ?? []).map((item) => [`faq:${lower(item.question)}`, item._id] as const),
  ]),
  landmines: new Map((config.landmines ?? []).map((landmine) => [lower(landmine.trigger), landmine._id] as const)),
  battlecards: config.battlecards ?? [],
});

/**
 * The generated call with one customer line more, naming a competitor of the configuration (picked by the call), just
 * after the customer first speaks: the calls the assistant coaches name competitors.
 */
const withCompetitorNamed = (transcripts: Transcripts, cards: readonly ConfigBattlecard[]): Transcripts => {
  const first = transcripts.findIndex((transcript) => transcript.speaker === 'customer');
  if (cards.length === 0 || first < 0) return transcripts;
  const card = cards[transcripts.length % cards.length];
  const line = { ...transcripts[first], t: transcripts[first].t + 1, text: `We are also talking to ${card.name}. Why should we pick you?` };
  return [...transcripts.slice(0, first + 1), line, ...transcripts.slice(first + 1)];
};

type Transcripts = NonNullable<GeneratedSession['detail']>['transcripts'];

/**
 * The call's events in time order, numbered from 1, with timestamps moved to a call starting at
 * `startMs`. Detections and landmine warnings carry the configuration's ids, as the live
 * assistant's do, when `ids` knows them; with battlecards in `ids`, the customer names one of them.
 */
export const eventsOf = (
  session: GeneratedSession,
  startMs: number,
  ids: ConfigIds = { items: new Map(), landmines: new Map() },
): { at: number; event: IngestEvent }[] => {
  const detail = session.detail;
  if (!detail) return [];
  const shift = startMs - session.startTime;
  const iso = (t: number) => new Date(t + shift).toISOString();
  const cards = ids.battlecards ?? [];
  const transcripts = withCompetitorNamed(detail.transcripts, cards);
  const timed: { t: number; body: Omit<IngestEvent, 'seq' | 'timestamp'> }[] = [
    ...transcripts.map((x) => ({ t: x.t, body: { type: 'transcript', speaker: x.speaker, text: x.text } })),
    // As the live assistant does: each competitor the customer names, with the battlecard it shows.
    ...transcripts.flatMap((x) =>
      x.speaker === 'customer'
        ? cardsNamedIn(x.text, cards).map(({ card, matchedName }) => ({
            t: x.t,
            body: { type: 'competitor', battlecardId: card.id, name: matchedName, speaker: 'customer' },
          }))
        : [],
    ),
    ...detail.detections.map((d) => ({
      t: d.t,
      body: {
        type: 'detection',
        category: d.category,
        relevance_score: d.relevanceScore,
        question: d.question,
        answer: d.answer,
        itemId: ids.items.get(`${d.kind}:${lower(d.question)}`) ?? null,
      },
    })),
    ...detail.sentiment.map((s) => ({
      t: s.t,
      body: { type: 'sentiment', speaker: s.speaker, dominant_emotion: s.emotion, confidence: s.confidence, transcript: s.transcript },
    })),
    ...detail.alerts.map((a) => ({
      t: a.t,
      body: {
        type: 'speech_alert',
        words_per_minute: a.wordsPerMinute,
        total_words: a.totalWords,
        time_window: a.timeWindow,
        max_words: a.maxWords,
      },
    })),
    ...detail.landmines.map((hit) => ({
      t: hit.t,
      body: { type: 'landmine', landmineId: ids.landmines.get(lower(hit.trigger)) ?? null, trigger: hit.trigger, speaker: 'salesperson' },
    })),
  ];
  // A stable sort keeps a transcript before the sentiment and detections of the same moment.
  timed.sort((a, b) => a.t - b.t);
  return timed.map(({ t, body }, index) => ({ at: t + shift, event: { ...body, seq: index + 1, timestamp: iso(t) } as IngestEvent }));
};
