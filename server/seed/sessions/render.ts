import * as P from './phrases';
import type { PlannedTurn } from './plan';
import { analyzeSpeechRate, round, summarizeSentiment } from '../../services/callAnalysis';
import type { Rng } from './rng';
import { emotionFor } from './sentiment';
import type { GeneratedDetail, GeneratedDetection, GeneratedSentiment, GeneratedTranscript } from './types';

/**
 * A planned call made into its detail, from the *render* stream only: the transcripts' texts,
 * the detections with their scores, the sentiment entries and the speech-rate analysis.
 */

const fill = (rng: Rng, phrase: string, company: string) =>
  phrase.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'company':
        return company;
      case 'tool':
        return rng.pick(P.TOOLS);
      case 'team':
        return rng.pick(P.TEAMS);
      case 'month':
        return rng.pick(P.MONTHS);
      case 'n':
        return String(rng.int(5, 60));
      default:
        return slot;
    }
  });

export const render = (rng: Rng, turns: PlannedTurn[], start: number, end: number, company: string): Omit<GeneratedDetail, 'landmines'> => {
  const at = (seconds: number) => start + Math.round(seconds * 1_000);
  const transcripts: GeneratedTranscript[] = [];
  const detections: GeneratedDetection[] = [];
  const sentiment: GeneratedSentiment[] = [];
  for (const turn of turns) {
    const text = turn.phrases.map((phrase) => fill(rng, phrase, company)).join(' ');
    const t = at(turn.t);
    transcripts.push({ t, speaker: turn.speaker, text });
    sentiment.push({
      t,
      speaker: turn.speaker,
      emotion: emotionFor(rng, turn),
      confidence: round(rng.between(0.55, 0.98), 3),
      transcript: text,
    });
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
