import {
  DETECTION_CATEGORIES,
  EMOTIONS,
  type Emotion,
  type SentimentSummary,
  type SessionStatistics,
  type SessionStatus,
  type Speaker,
} from '../../../src/contract/sessions';
import { DEMO_ACCOUNTS } from '../demoAccounts';
import { loadDictionaryData } from '../seedDictionary';
import * as P from './phrases';

/**
 * Deterministic generator of demo sales calls (issue 5). Session `index` under `seed` and
 * `now` is always the same call, whatever else is generated and whether its detail is wanted.
 *
 * Two PRNG streams per session: the *plan* stream decides everything the summary row shows
 * (status, times, the sequence of turns and their events, hence the statistics); the
 * *render* stream only fills in texts, scores and emotions. So `detail: false` (summary rows
 * only, for very large data sets) skips the rendering and still gives identical statistics.
 *
 * Consistency rules (checked by tests/unit/sessionGenerator.test.ts):
 * - statistics are counted from the turns and detections; responseRate is the percentage of
 *   customer objections, FAQs and new inquiries whose next transcript is the salesperson's
 *   (100 when there are none);
 * - one sentiment entry per transcript; the summary is computed from the entries;
 * - a speech-rate alert is raised at a salesperson transcript when the salesperson's words in
 *   the transcripts that started within the `time_window` seconds up to it (itself included)
 *   exceed `max_words`; after an alert the next one needs a full window to pass;
 *   averageWordsPerMinute = the salesperson's words / the time from each of their transcripts
 *   to the next transcript (or the end of the call), per minute.
 */

/** The spec's speech-rate defaults (spec 9): 150 words in 30 seconds. */
export const GENERATOR_SPEECH_RATE = { timeWindow: 30, maxWords: 150 } as const;

export interface GeneratedTranscript { t: number; speaker: Speaker; text: string }
export type DetectionKind = 'objection' | 'faq' | 'new_inquiry';
export interface GeneratedDetection { t: number; kind: DetectionKind; category: string; relevanceScore: number; question: string; answer: string | null }
export interface GeneratedSentiment { t: number; speaker: Speaker; emotion: Emotion; confidence: number; transcript: string }
export interface GeneratedAlert { t: number; wordsPerMinute: number; totalWords: number; timeWindow: number; maxWords: number }

export interface GeneratedDetail {
  transcripts: GeneratedTranscript[];
  detections: GeneratedDetection[];
  sentiment: GeneratedSentiment[];
  sentimentSummary: SentimentSummary;
  alerts: GeneratedAlert[];
  averageWordsPerMinute: number;
}

/** Times (`t`, `startTime`) are epoch milliseconds. */
export interface GeneratedSession {
  id: string;
  sessionId: string;
  sessionName: string;
  userEmail: string;
  roomName: string | null;
  startTime: number;
  duration: number;
  status: SessionStatus;
  statistics: SessionStatistics;
  detail: GeneratedDetail | null;
}

export interface GenerateOptions {
  seed: number;
  /** Epoch ms the calls are placed before (in-progress calls end about now). */
  now: number;
  /** false: summary only (detail null). Default true. */
  detail?: boolean;
  /** Makes a completed call of exactly this many transcripts (benchmarks). */
  transcripts?: number;
}

// ---- PRNG ------------------------------------------------------------------------------

const hash = (...values: number[]): number => {
  let h = 0x811c9dc5;
  for (const value of values) {
    h ^= value >>> 0;
    h = Math.imul(h, 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
};

/** mulberry32: small, fast, good enough for demo data. */
export const createRng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    hex: (length: number) => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 0x10000).toString(16).padStart(4, '0');
      return out.slice(0, length);
    },
  };
};
type Rng = ReturnType<typeof createRng>;

const uuidFrom = (rng: Rng): string => {
  const h = rng.hex(32).split('');
  h[12] = '4';
  h[16] = '89ab'[parseInt(h[16], 16) & 3];
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

// ---- Dictionary --------------------------------------------------------------------------

interface DictionaryEntry { question: string; phrasings: string[]; answer: string; bulleted: string; category: string }

const OBJECTION_CATEGORY: Record<string, string> = {
  Pricing: 'PRICE_OBJECTION',
  Timing: 'TIMING_OBJECTION',
  Competitor: 'COMPETITOR_OBJECTION',
  Authority: 'AUTHORITY_OBJECTION',
  Need: 'NEED_OBJECTION',
  Trust: 'TRUST_OBJECTION',
  Integration: 'INTEGRATION_OBJECTION',
  Security: 'SECURITY_OBJECTION',
  Adoption: 'ADOPTION_OBJECTION',
  Value: 'VALUE_OBJECTION',
};

let dictionaryCache: { objections: DictionaryEntry[]; faqs: DictionaryEntry[] } | null = null;
const dictionary = () => {
  if (!dictionaryCache) {
    const data = loadDictionaryData();
    const toEntry = (item: { question: string; answer: string; category: string; variations: string[] }, kind: 'objection' | 'faq'): DictionaryEntry => ({
      question: item.question,
      phrasings: [item.question, ...item.variations],
      answer: item.answer,
      bulleted: bulletAnswer(item.answer),
      category: kind === 'faq' ? DETECTION_CATEGORIES.faq : (OBJECTION_CATEGORY[item.category] ?? `${item.category.toUpperCase().replace(/\W+/g, '_')}_OBJECTION`),
    });
    dictionaryCache = { objections: data.objections.map((item) => toEntry(item, 'objection')), faqs: data.faqs.map((item) => toEntry(item, 'faq')) };
  }
  return dictionaryCache;
};

/** A dictionary answer as the assistant shows it: the first sentence, then the rest as bullets. */
export const bulletAnswer = (answer: string): string => {
  const sentences = answer.match(/[^.!?]+[.!?]+(\s|$)/g)?.map((part) => part.trim()).filter(Boolean) ?? [answer];
  // The lead is the first sentence, or the first two when the first is a word or two ("Yes.").
  const leadCount = sentences.length > 2 && countWords(sentences[0]) < 4 ? 2 : 1;
  if (sentences.length <= leadCount) return answer;
  return [sentences.slice(0, leadCount).join(' '), ...sentences.slice(leadCount).map((sentence) => `• ${sentence}`)].join('\n');
};

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

// ---- Plan ----------------------------------------------------------------------------------

/** One planned transcript: which phrases, how fast, and the event it carries. */
interface PlannedTurn {
  speaker: Speaker;
  /** Phrases joined with spaces (each filled in at rendering). */
  phrases: string[];
  words: number;
  /** Words per second. */
  rate: number;
  t: number;
  event?: { kind: DetectionKind; question: string; answer: string | null; category: string };
  mood: 'neutral' | 'objection' | 'positive' | 'close' | 'negative' | 'fast';
}

const STATUS_WEIGHTS: [SessionStatus, number][] = [['completed', 0.74], ['failed', 0.14], ['in_progress', 0.12]];
const pickStatus = (rng: Rng): SessionStatus => {
  let r = rng.next();
  for (const [status, weight] of STATUS_WEIGHTS) {
    if ((r -= weight) < 0) return status;
  }
  return 'completed';
};

/** Seconds: a tenth of the calls last seconds, most of them minutes, an eighth 30-80 minutes. */
const pickTargetDuration = (rng: Rng): number => {
  const r = rng.next();
  if (r < 0.1) return rng.int(6, 59);
  if (r < 0.5) return rng.int(60, 600);
  if (r < 0.88) return rng.int(600, 1_800);
  return rng.int(1_800, 4_800);
};

const wordCache = new Map<string, number>();
const phraseWords = (phrase: string) => {
  let words = wordCache.get(phrase);
  if (words === undefined) wordCache.set(phrase, (words = countWords(phrase)));
  return words;
};

const plan = (rng: Rng, status: SessionStatus, target: number, forcedTranscripts: number | undefined): { turns: PlannedTurn[]; end: number } => {
  const turns: PlannedTurn[] = [];
  let t = rng.between(0.5, 3);
  const add = (speaker: Speaker, phrases: string[], mood: PlannedTurn['mood'], rate = rng.between(2.1, 2.8), event?: PlannedTurn['event']) => {
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
      add('customer', [rng.pick(entry.phrasings)], 'objection', rng.between(2.2, 3), { kind: 'objection', question: entry.question, answer: entry.bulleted, category: entry.category });
      if (rng.chance(0.08)) add('customer', [rng.pick(P.CUSTOMER_FOLLOW_UP)], 'objection');
      if (more()) add('salesperson', [entry.answer], 'neutral');
    } else if (r < 0.3) {
      const entry = rng.pick(faqs);
      prompt();
      add('customer', [rng.pick(entry.phrasings)], 'neutral', rng.between(2.2, 3), { kind: 'faq', question: entry.question, answer: entry.bulleted, category: entry.category });
      if (rng.chance(0.05)) add('customer', [rng.pick(P.CUSTOMER_FOLLOW_UP)], 'neutral');
      if (more()) add('salesperson', [entry.answer], 'positive');
    } else if (r < 0.35) {
      const question = rng.pick(P.NEW_INQUIRIES);
      prompt();
      add('customer', [question], 'neutral', rng.between(2.2, 3), { kind: 'new_inquiry', question, answer: null, category: DETECTION_CATEGORIES.newInquiry });
      if (more()) add('salesperson', [rng.pick(P.SALES_NEW_INQUIRY_REPLY)], 'neutral');
    } else if (r < 0.41) {
      // A fast burst: three long salesperson turns at 5.5-6.5 words a second.
      for (let i = 0; i < 3 && more(); i += 1) {
        add('salesperson', [rng.pick(P.SALES_FAST_FILLER), rng.pick(P.SALES_FAST_FILLER), rng.pick(P.SALES_PITCH)], 'fast', rng.between(5.5, 6.5));
        add('customer', [rng.pick(P.CUSTOMER_ACK)], 'neutral');
      }
    } else {
      const sentences = rng.int(1, 3);
      add('salesperson', Array.from({ length: sentences }, () => rng.pick(P.SALES_PITCH)), 'positive');
      add('customer', [rng.chance(0.6) ? rng.pick(P.CUSTOMER_ACK) : rng.pick(P.CUSTOMER_REACTION)], rng.chance(0.15) ? 'positive' : 'neutral');
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

const statisticsOf = (turns: PlannedTurn[]): SessionStatistics => {
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

// ---- Render --------------------------------------------------------------------------------

const fill = (rng: Rng, phrase: string, company: string) =>
  phrase.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'company': return company;
      case 'tool': return rng.pick(P.TOOLS);
      case 'team': return rng.pick(P.TEAMS);
      case 'month': return rng.pick(P.MONTHS);
      case 'n': return String(rng.int(5, 60));
      default: return slot;
    }
  });

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

const emotionFor = (rng: Rng, turn: PlannedTurn): Emotion => {
  const r = rng.next();
  if (turn.speaker === 'salesperson') {
    if (turn.mood === 'fast') return r < 0.6 ? 'happy' : r < 0.8 ? 'surprised' : 'neutral';
    if (turn.mood === 'close' || turn.mood === 'positive') return r < 0.65 ? 'happy' : 'neutral';
    if (turn.mood === 'negative') return r < 0.5 ? 'sad' : 'neutral';
    return r < 0.7 ? 'neutral' : r < 0.95 ? 'happy' : 'surprised';
  }
  switch (turn.mood) {
    case 'objection': return r < 0.45 ? 'angry' : r < 0.65 ? 'fearful' : r < 0.8 ? 'disgusted' : r < 0.9 ? 'sad' : 'neutral';
    case 'close': return r < 0.85 ? 'happy' : 'surprised';
    case 'positive': return r < 0.6 ? 'happy' : r < 0.8 ? 'surprised' : 'neutral';
    case 'negative': return r < 0.5 ? 'angry' : r < 0.8 ? 'sad' : 'disgusted';
    default: return r < 0.7 ? 'neutral' : r < 0.82 ? 'happy' : r < 0.92 ? 'surprised' : 'sad';
  }
};

/** The sentiment summary of a list of entries (the rule the tests check). */
export const summarizeSentiment = (entries: readonly { emotion: Emotion; confidence: number }[]): SentimentSummary => {
  const distribution = Object.fromEntries(EMOTIONS.map((emotion) => [emotion, 0])) as Record<Emotion, number>;
  for (const entry of entries) distribution[entry.emotion] += 1;
  let dominant: Emotion = 'neutral';
  for (const emotion of EMOTIONS) if (distribution[emotion] > distribution[dominant]) dominant = emotion;
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    session_dominant_emotion: dominant,
    session_confidence: round(mean(entries.filter((entry) => entry.emotion === dominant).map((entry) => entry.confidence)), 4),
    total_transcripts: entries.length,
    average_confidence: round(mean(entries.map((entry) => entry.confidence)), 4),
    emotion_distribution: distribution,
  };
};

/** Speech-rate alerts and the salesperson's average rate (the rules the tests check). */
export const analyzeSpeechRate = (
  transcripts: readonly GeneratedTranscript[],
  end: number,
  { timeWindow, maxWords }: { timeWindow: number; maxWords: number } = GENERATOR_SPEECH_RATE,
): { alerts: GeneratedAlert[]; averageWordsPerMinute: number } => {
  const alerts: GeneratedAlert[] = [];
  const sales = transcripts.map((transcript, i) => ({ transcript, i })).filter(({ transcript }) => transcript.speaker === 'salesperson');
  let lastAlert = -Infinity;
  let words = 0;
  let spoken = 0;
  sales.forEach(({ transcript, i }, position) => {
    const own = countWords(transcript.text);
    words += own;
    spoken += Math.max(1_000, (transcripts[i + 1]?.t ?? end) - transcript.t);
    let total = 0;
    for (let k = position; k >= 0 && sales[k].transcript.t > transcript.t - timeWindow * 1_000; k -= 1) total += countWords(sales[k].transcript.text);
    if (total > maxWords && transcript.t >= lastAlert + timeWindow * 1_000) {
      alerts.push({ t: transcript.t, wordsPerMinute: round((total * 60) / timeWindow, 1), totalWords: total, timeWindow, maxWords });
      lastAlert = transcript.t;
    }
  });
  return { alerts, averageWordsPerMinute: spoken === 0 ? 0 : round((words / spoken) * 60_000, 1) };
};

const render = (rng: Rng, turns: PlannedTurn[], start: number, end: number, company: string): GeneratedDetail => {
  const at = (seconds: number) => start + Math.round(seconds * 1_000);
  const transcripts: GeneratedTranscript[] = [];
  const detections: GeneratedDetection[] = [];
  const sentiment: GeneratedSentiment[] = [];
  for (const turn of turns) {
    const text = turn.phrases.map((phrase) => fill(rng, phrase, company)).join(' ');
    const t = at(turn.t);
    transcripts.push({ t, speaker: turn.speaker, text });
    sentiment.push({ t, speaker: turn.speaker, emotion: emotionFor(rng, turn), confidence: round(rng.between(0.55, 0.98), 3), transcript: text });
    if (turn.event) {
      const spokenFor = turn.words / turn.rate;
      detections.push({
        t: at(turn.t + Math.min(spokenFor, rng.between(0.8, 2.5))),
        kind: turn.event.kind,
        category: turn.event.category,
        relevanceScore: round(turn.event.kind === 'new_inquiry' ? rng.between(0.35, 0.7) : rng.between(0.72, 0.98), 3),
        question: turn.event.question,
        answer: turn.event.answer,
      });
    }
  }
  const speech = analyzeSpeechRate(transcripts, end);
  return {
    transcripts,
    detections,
    sentiment,
    sentimentSummary: summarizeSentiment(sentiment),
    alerts: speech.alerts,
    averageWordsPerMinute: speech.averageWordsPerMinute,
  };
};

// ---- Sessions ----------------------------------------------------------------------------

const DAY = 86_400_000;
const USER_EMAILS = [...DEMO_ACCOUNTS.map((account) => account.email), ...P.EXTRA_REP_EMAILS];

const datePart = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

/** Session `index` of the data set `seed` (see the module comment). */
export const generateSession = (index: number, options: GenerateOptions): GeneratedSession => {
  const rng = createRng(hash(options.seed, index, 1));
  const id = uuidFrom(rng);
  const idSuffix = rng.hex(12);
  const forced = options.transcripts;
  const status = forced !== undefined ? 'completed' : pickStatus(rng);
  const target = forced !== undefined ? forced * 12 : pickTargetDuration(rng);
  const company = rng.pick(P.COMPANIES);
  const sessionName = `${rng.pick(P.CALL_TYPES)} with ${company}`;
  const userEmail = rng.pick(USER_EMAILS);
  const roomName = rng.chance(0.25) ? null : rng.pick(P.ROOMS);
  const { turns, end: endSeconds } = plan(rng, status, target, forced);
  const duration = Math.max(1, Math.ceil(endSeconds));
  const startTime =
    status === 'in_progress'
      ? Math.floor((options.now - duration * 1_000 - rng.int(0, 120) * 1_000) / 1_000) * 1_000
      : Math.floor((options.now - rng.between(0.1, 180) * DAY) / 1_000) * 1_000;
  const statistics = statisticsOf(turns);
  const detail = options.detail === false ? null : render(createRng(hash(options.seed, index, 2)), turns, startTime, startTime + duration * 1_000, company);
  return {
    id,
    sessionId: `sess-${datePart(startTime)}-${idSuffix}`,
    sessionName,
    userEmail,
    roomName,
    startTime,
    duration,
    status,
    statistics,
    detail,
  };
};

/** Sessions `from` .. `from + count - 1`; the first `withDetail` of them (default all) carry their detail. */
export function* generateSessions(from: number, count: number, options: GenerateOptions & { withDetail?: number }): Generator<GeneratedSession> {
  const withDetail = options.withDetail ?? Infinity;
  for (let i = from; i < from + count; i += 1) {
    yield generateSession(i, { ...options, detail: options.detail !== false && i - from < withDetail });
  }
}
