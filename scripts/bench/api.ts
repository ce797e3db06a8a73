import { benchAssistantConfig } from './assistantConfig';
import { benchInsights } from './insights';
import { benchSpeechRatePreview } from './speechRatePreview';
import { percentile } from './support';
import { benchTranscriptSearch } from './transcriptSearch';

interface ApiBench {
  url: string;
  headers: Record<string, string>;
  requests: number;
  bigSessionId: string;
  bigTranscripts: number;
  database: string;
  sessions: number;
  /** How many sessions carry their transcripts. */
  detailed: number;
}

/** Step 2 of `npm run bench`: p50/p99 over real HTTP requests for the sessions list and detail, search, Insights and the assistant's configuration. */
export const benchApi = async ({ url, headers, requests, bigSessionId, bigTranscripts, database, sessions, detailed }: ApiBench) => {
  // Each figure reads the database (`Cache-Control: no-cache`), except the "reused" ones: the
  // server keeps answers until the next write (plugins/readCache.ts).
  const fresh = { ...headers, 'cache-control': 'no-cache' };
  const measure = async (name: string, path: string, count = requests, sent: Record<string, string> = fresh) => {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < count + 2; i += 1) {
      const t0 = performance.now();
      const response = await fetch(`${url}${path}`, { headers: sent });
      const body = await response.text();
      const ms = performance.now() - t0;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
      if (i >= 2) times.push(ms); // two warm-up requests
      if (i === 0) {
        const json = JSON.parse(body) as { pagination?: { total: number }; data: { transcripts?: unknown[] } };
        summary = json.pagination
          ? `total ${json.pagination.total}`
          : `${json.data.transcripts?.length} transcripts, ${(body.length / 1024 / 1024).toFixed(1)} MB`;
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms   (${times.length} requests, ${summary})`,
    );
  };
  console.log(
    `\nLatency over HTTP (${requests} requests each after 2 warm-ups, ${database}, ${sessions} sessions; each read from the database but the "reused" ones):`,
  );
  await measure('list, first page', '/api/admin/sessions?page=1&limit=15');
  await measure('list, first page, reused', '/api/admin/sessions?page=1&limit=15', requests, headers);
  await measure('list, deep page 5000', '/api/admin/sessions?page=5000&limit=15');
  await measure('list, status=failed page 2', '/api/admin/sessions?status=failed&page=2&limit=15');
  await measure('list, search "northwind"', '/api/admin/sessions?search=northwind&limit=15');
  await measure('list, search "priya.shah"', '/api/admin/sessions?search=priya.shah&page=3&limit=15');
  await measure('list, search + status', '/api/admin/sessions?search=zoom&status=completed&limit=15');
  const detailRequests = Math.min(requests, 100);
  await measure(`detail, ${bigTranscripts} transcripts`, `/api/admin/sessions/${bigSessionId}`, detailRequests);
  await measure(`detail, ${bigTranscripts} transcripts, reused`, `/api/admin/sessions/${bigSessionId}`, detailRequests, headers);
  await benchTranscriptSearch({ url, headers, requests, label: `search what was said (${detailed} detailed)` });
  await benchSpeechRatePreview({ url, headers, requests });
  await benchInsights({ url, headers, requests });
  await benchAssistantConfig({ url, adminHeaders: headers, label: `${sessions} sessions, rate limits off: what the route serves` });
};
