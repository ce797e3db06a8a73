import { SPEECH_RATE_PREVIEW_SESSIONS } from '../../src/contract/speechRatePreview';
import { percentile } from './support';

export interface SpeechRatePreviewBenchOptions {
  /** The running product's address, and the demo admin's bearer header. */
  url: string;
  headers: Record<string, string>;
  requests?: number;
  log?: (line: string) => void;
}

/**
 * The speech-rate what-if (POST /api/speech-rate/preview) follows typing, so its
 * latency is what the Settings page waits for after each pause. p50/p99 over `requests` real
 * HTTP calls, each with another max_words (as an admin typing would send), after two
 * warm-ups. Prints; asserts nothing.
 */
export const benchSpeechRatePreview = async ({ url, headers, requests = 50, log = console.log }: SpeechRatePreviewBenchOptions) => {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < requests + 2; i += 1) {
    const body = { enabled: true, time_window: 30, max_words: 60 + ((i * 7) % 200) };
    const t0 = performance.now();
    const response = await fetch(`${url}/api/speech-rate/preview`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    if (!response.ok) throw new Error(`speech-rate preview: ${response.status} ${text.slice(0, 200)}`);
    if (i >= 2) times.push(ms);
    if (i === 0) {
      const { data } = JSON.parse(text) as { data: { sessions: number; alerts: number; currentAlerts: number } };
      summary = `${data.sessions} sessions replayed (at most ${SPEECH_RATE_PREVIEW_SESSIONS}), ${data.alerts} alerts at max_words ${body.max_words}, ${data.currentAlerts} saved`;
    }
  }
  times.sort((a, b) => a - b);
  log(
    `${'speech-rate what-if (preview)'.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms   (${times.length} requests, ${summary})`,
  );
};
