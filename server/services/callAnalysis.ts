import { EMOTIONS, type Emotion, type SentimentSummary, type Speaker } from '../../src/contract/sessions';

/* One set of rules for an ingested call, the what-if and the demo generator, so a demo call and a streamed one agree. */
export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** `t` in epoch milliseconds. */
export interface CallTranscript {
  t: number;
  speaker: Speaker;
  text: string;
}

export interface CallSpeechAlert {
  t: number;
  wordsPerMinute: number;
  totalWords: number;
  timeWindow: number;
  maxWords: number;
}

/** spec 9 */
export const SPEC_SPEECH_RATE = { timeWindow: 30, maxWords: 150 } as const;

export const analyzeSpeechRate = (
  transcripts: readonly CallTranscript[],
  end: number,
  { timeWindow, maxWords }: { timeWindow: number; maxWords: number } = SPEC_SPEECH_RATE,
): { alerts: CallSpeechAlert[]; averageWordsPerMinute: number } => {
  const alerts: CallSpeechAlert[] = [];
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
