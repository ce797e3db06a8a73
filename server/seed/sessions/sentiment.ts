import { EMOTIONS, type Emotion, type SentimentSummary } from '../../../src/contract/sessions';
import type { PlannedTurn } from './plan';
import { round, type Rng } from './rng';

/** Sentiment of the generated calls: one entry per transcript, its emotion following the turn's mood. */

export const emotionFor = (rng: Rng, turn: PlannedTurn): Emotion => {
  const r = rng.next();
  if (turn.speaker === 'salesperson') {
    if (turn.mood === 'fast') return r < 0.6 ? 'happy' : r < 0.8 ? 'surprised' : 'neutral';
    if (turn.mood === 'close' || turn.mood === 'positive') return r < 0.65 ? 'happy' : 'neutral';
    if (turn.mood === 'negative') return r < 0.5 ? 'sad' : 'neutral';
    return r < 0.7 ? 'neutral' : r < 0.95 ? 'happy' : 'surprised';
  }
  switch (turn.mood) {
    case 'objection':
      return r < 0.45 ? 'angry' : r < 0.65 ? 'fearful' : r < 0.8 ? 'disgusted' : r < 0.9 ? 'sad' : 'neutral';
    case 'close':
      return r < 0.85 ? 'happy' : 'surprised';
    case 'positive':
      return r < 0.6 ? 'happy' : r < 0.8 ? 'surprised' : 'neutral';
    case 'negative':
      return r < 0.5 ? 'angry' : r < 0.8 ? 'sad' : 'disgusted';
    default:
      return r < 0.7 ? 'neutral' : r < 0.82 ? 'happy' : r < 0.92 ? 'surprised' : 'sad';
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
