import { DETECTION_CATEGORIES, type SessionStatistics, type SessionStatus, type Speaker } from '../../../src/contract/sessions';
import { dictionary } from './dictionary';
import * as P from './phrases';
import type { Rng } from './rng';
import { countWords } from '../../services/callAnalysis';
import type { DetectionKind } from './types';

/* From the plan stream only, so the summary row never depends on rendering the texts. */
export interface PlannedTurn {
  speaker: Speaker;
  phrases: string[];
  words: number;
  rate: number;
  t: number;
  event?: { kind: DetectionKind; question: string; answer: string | null; category: string };
  mood: 'neutral' | 'objection' | 'positive' | 'close' | 'negative' | 'fast';
}

const STATUS_WEIGHTS: [SessionStatus, number][] = [
  ['completed', 0.74],
  ['failed', 0.14],
  ['in_progress', 0.12],
];
export const pickStatus = (rng: Rng): SessionStatus => {
  let r = rng.next();
  for (const [status, weight] of STATUS_WEIGHTS) {
    r -= weight;
    if (r < 0) return status;
  }
  return 'completed';
};

/** A tenth of the calls last seconds, most of them minutes, an eighth 30-80 minutes. */
export const pickTargetDuration = (rng: Rng): number => {
  const r = rng.next();
  if (r < 0.1) return rng.int(6, 59);
  if (r < 0.5) return rng.int(60, 600);
  if (r < 0.88) return rng.int(600, 1_800);
  return rng.int(1_800, 4_800);
};

const wordCache = new Map<string, number>();
const phraseWords = (phrase: string) => {
  let words = wordCache.get(phrase);
  if (words === undefined) {
    words = countWords(phrase);
    wordCache.set(phrase, words);
  }
  return words;
};

export const plan = (
  rng: Rng,
  status: SessionStatus,
  target: number,
  forcedTranscripts: number | undefined,
): { turns: PlannedTurn[]; end: number } => {
  const turns: PlannedTurn[] = [];
  let t = rng.between(0.5, 3);
  const add = (
    speaker: Speaker,
    phrases: string[],
    mood: PlannedTurn['mood'],
    rate = rng.between(2.1, 2.8),
    event?: PlannedTurn['event'],
  ) => {
    let words = 0;
    for (const phrase of phrases) words += phraseWords(phrase);
    turns.push({ speaker, phrases, words, rate, t, event, mood });
    t += words / rate + rng.between(0.3, 1.6);
  };
  const { objections, faqs } = dictionary();
  const forced = forcedTranscripts !== undefined;
  const cutAt = status === 'failed' ? target * rng.between(0.2, 0.95) : target;
  const closeAt = status === 'completed' ? target * 0.9 : Infinity;
  const more = () => (forced ? turns.length < forcedTranscripts - 4 : t < Math.min(cutAt, closeAt));

  add('salesperson', [rng.pick(P.SALES_OPENING)], 'positive');
  add('customer', [rng.pick(P.CUSTOMER_OPENING)], 'neutral');
  let exchanges = 0;
  while (more()) {
    exchanges += 1;
    const progress = forced ? turns.length / forcedTranscripts : t / target;
    const r = rng.next();
    // The customer raises objections and questions after the salesperson has spoken.
    const prompt = () => {
      if (turns[turns.length - 1].speaker === 'customer') add('salesperson', [rng.pick(P.SALES_PROMPT)], 'neutral');
    };
    if (progress < 0.25 && r < 0.7) {
      add('salesperson', [rng.pick(P.SALES_DISCOVERY)], 'neutral');
      add('customer', [rng.pick(P.CUSTOMER_DISCOVERY)], 'neutral');
    } else if (r < 0.13 || r >= 0.96) {
      const entry = rng.pick(objections);
      prompt();
      add('customer', [rng.pick(entry.phrasings)], 'objection', rng.between(2.2, 3), {
        kind: 'objection',
        question: entry.question,
        answer: entry.bulleted,
        category: entry.category,
      });
      if (rng.chance(0.08)) add('customer', [rng.pick(P.CUSTOMER_FOLLOW_UP)], 'objection');
      if (more()) add('salesperson', [entry.answer], 'neutral');
    } else if (r < 0.3) {
      const entry = rng.pick(faqs);
      prompt();
      add('customer', [rng.pick(entry.phrasings)], 'neutral', rng.between(2.2, 3), {
        kind: 'faq',
        question: entry.question,
        answer: entry.bulleted,
        category: entry.category,
      });
      if (rng.chance(0.05)) add('customer', [rng.pick(P.CUSTOMER_FOLLOW_UP)], 'neutral');
      if (more()) add('salesperson', [entry.answer], 'positive');
    } else if (r < 0.35) {
      const question = rng.pick(P.NEW_INQUIRIES);
      prompt();
      add('customer', [question], 'neutral', rng.between(2.2, 3), {
        kind: 'new_inquiry',
        question,
        answer: null,
        category: DETECTION_CATEGORIES.newInquiry,
      });
      if (more()) add('salesperson', [rng.pick(P.SALES_NEW_INQUIRY_REPLY)], 'neutral');
    } else if (r < 0.41) {
      // A fast burst: three long salesperson turns at 5.5-6.5 words a second.
      for (let i = 0; i < 3 && more(); i += 1) {
        add(
          'salesperson',
          [rng.pick(P.SALES_FAST_FILLER), rng.pick(P.SALES_FAST_FILLER), rng.pick(P.SALES_PITCH)],
          'fast',
          rng.between(5.5, 6.5),
        );
        add('customer', [rng.pick(P.CUSTOMER_ACK)], 'neutral');
      }
    } else {
      const sentences = rng.int(1, 3);
      add(
        'salesperson',
        Array.from({ length: sentences }, () => rng.pick(P.SALES_PITCH)),
        'positive',
      );
      add(
        'customer',
        [rng.chance(0.6) ? rng.pick(P.CUSTOMER_ACK) : rng.pick(P.CUSTOMER_REACTION)],
        rng.chance(0.15) ? 'positive' : 'neutral',
      );
    }
    if (exchanges > 100_000) break;
  }
  if (status === 'completed') {
    const positive = rng.chance(0.7);
    add('salesperson', [rng.pick(P.SALES_CLOSE)], 'positive');
    add('customer', [positive ? rng.pick(P.CUSTOMER_CLOSE_POSITIVE) : rng.pick(P.CUSTOMER_CLOSE_NEUTRAL)], positive ? 'close' : 'neutral');
    add('salesperson', [rng.pick(P.SALES_WRAP)], 'close');
    add('customer', [rng.pick(P.CUSTOMER_WRAP)], positive ? 'close' : 'neutral');
  } else if (status === 'failed' && turns.length > 2) {
    turns[turns.length - 1].mood = 'negative';
  }
  if (forced) turns.length = Math.min(turns.length, forcedTranscripts);
  // The call ends once the last turn has been spoken.
  const last = turns[turns.length - 1];
  return { turns, end: last.t + last.words / last.rate + 0.5 };
};

export const statisticsOf = (turns: PlannedTurn[]): SessionStatistics => {
  let customer = 0;
  let objectionsCount = 0;
  let faqCount = 0;
  let inquiries = 0;
  let asked = 0;
  let answered = 0;
  turns.forEach((turn, i) => {
    if (turn.speaker === 'customer') customer += 1;
    if (!turn.event) return;
    if (turn.event.kind === 'objection') objectionsCount += 1;
    else if (turn.event.kind === 'faq') faqCount += 1;
    else inquiries += 1;
    asked += 1;
    if (turns[i + 1]?.speaker === 'salesperson') answered += 1;
  });
  return {
    totalTranscripts: turns.length,
    customerTranscripts: customer,
    salespersonTranscripts: turns.length - customer,
    totalObjections: objectionsCount,
    totalFAQs: faqCount,
    totalNewInquiries: inquiries,
    responseRate: asked === 0 ? 100 : Math.round((answered / asked) * 1000) / 10,
  };
};
