import type { Emotion } from '../../../src/contract/sessions';
import type { PlannedTurn } from './plan';
import type { Rng } from './rng';

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
