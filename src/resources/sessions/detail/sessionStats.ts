import type { Detection, SessionDetail, SentimentEntry, Speaker, Transcript } from '@/resources/sessions/sessionTypes';
import { toMillis } from './timeline';

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

type PerSpeaker<T> = Record<Speaker, T>;

export interface TalkRatio {
  words: PerSpeaker<number>;
  /** Rounded so both add up to 100. */
  share: PerSpeaker<number>;
}

/** By words, not by turns: a long pitch weighs more than a short "yes". */
export const talkRatio = (transcripts: readonly Transcript[]): TalkRatio => {
  const words: PerSpeaker<number> = { customer: 0, salesperson: 0 };
  for (const t of transcripts) if (t.speaker in words) words[t.speaker] += countWords(t.text);
  const total = words.customer + words.salesperson;
  const salesperson = total ? Math.round((words.salesperson / total) * 100) : 0;
  return { words, share: { salesperson, customer: total ? 100 - salesperson : 0 } };
};

export interface Monologue {
  /** To the other side's reply, or its own last sentence at the end. */
  seconds: number;
  words: number;
  timestamp: string;
}

export const longestMonologues = (transcripts: readonly Transcript[]): PerSpeaker<Monologue | null> => {
  const longest: PerSpeaker<Monologue | null> = { customer: null, salesperson: null };
  let start = 0;
  while (start < transcripts.length) {
    const speaker = transcripts[start].speaker;
    let end = start;
    while (end + 1 < transcripts.length && transcripts[end + 1].speaker === speaker) end += 1;
    const until = transcripts[end + 1]?.timestamp ?? transcripts[end].timestamp;
    const seconds = Math.max(0, (toMillis(until) - toMillis(transcripts[start].timestamp)) / 1000) || 0;
    const words = transcripts.slice(start, end + 1).reduce((sum, t) => sum + countWords(t.text), 0);
    const best = longest[speaker];
    if (speaker in longest && (!best || seconds > best.seconds || (seconds === best.seconds && words > best.words))) {
      longest[speaker] = { seconds, words, timestamp: transcripts[start].timestamp };
    }
    start = end + 1;
  }
  return longest;
};

/** Each '?' ending a sentence counts once ('Really??' is one). */
export const questionsPerSpeaker = (transcripts: readonly Transcript[]): PerSpeaker<number> => {
  const counts: PerSpeaker<number> = { customer: 0, salesperson: 0 };
  for (const t of transcripts) if (t.speaker in counts) counts[t.speaker] += t.text.match(/\?+/g)?.length ?? 0;
  return counts;
};

export const detectionsByCategory = (session: Partial<SessionDetail>): { category: string; count: number }[] => {
  const counts = new Map<string, number>();
  const all: Detection[] = [...(session.detectedObjections ?? []), ...(session.detectedFAQs ?? []), ...(session.newInquiries ?? [])];
  for (const { category } of all) counts.set(category, (counts.get(category) ?? 0) + 1);
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
};

/** How positive each emotion reads, -1 to 1, for the sentiment-over-time chart and trend. */
export const EMOTION_VALENCE: Record<string, number> = {
  happy: 1,
  surprised: 0.3,
  neutral: 0,
  sad: -0.6,
  fearful: -0.6,
  disgusted: -0.8,
  angry: -1,
};

export const valenceOf = (entry: Pick<SentimentEntry, 'dominant_emotion'>) => EMOTION_VALENCE[entry.dominant_emotion] ?? 0;

export type SentimentTrend = 'improving' | 'declining' | 'steady' | 'unknown';
