import { round } from './rng';
import { countWords } from './text';
import type { GeneratedAlert, GeneratedTranscript } from './types';

/** The spec's speech-rate defaults (spec 9): 150 words in 30 seconds. */
export const GENERATOR_SPEECH_RATE = { timeWindow: 30, maxWords: 150 } as const;

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
    for (let k = position; k >= 0 && sales[k].transcript.t > transcript.t - timeWindow * 1_000; k -= 1)
      total += countWords(sales[k].transcript.text);
    if (total > maxWords && transcript.t >= lastAlert + timeWindow * 1_000) {
      alerts.push({ t: transcript.t, wordsPerMinute: round((total * 60) / timeWindow, 1), totalWords: total, timeWindow, maxWords });
      lastAlert = transcript.t;
    }
  });
  return { alerts, averageWordsPerMinute: spoken === 0 ? 0 : round((words / spoken) * 60_000, 1) };
};
