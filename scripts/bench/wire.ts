import type { Browser, Page } from 'playwright-core';
import { kib } from './support';

interface Loaded {
  /** Requests that reached a server (a 304 revalidation counts; a cache hit does not). */
  requests: number;
  /** Bytes received from the portal's origin: headers and bodies as sent (compressed). */
  bytes: number;
  /** Bytes the portal's origin sent per Content-Encoding ("identity" when none). */
  byEncoding: Map<string, number>;
  revalidated: number;
  /** "status path" of each request that reached the portal's origin. */
  reached: string[];
  /** The Content-Encoding of the HTML document itself ("identity" when none). */
  documentEncoding: string;
}

/**
 * Loads `path` in `page` and tallies the network through the DevTools protocol: what reached
 * the portal's origin, with its encoded size, and what the browser cache answered instead.
 */
const load = async (page: Page, origin: string, path: string, settle: () => Promise<void>): Promise<Loaded> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromCache = new Set<string>();
  const responses = new Map<string, { status: number; encoding: string; ours: boolean; path: string }>();
  let bytes = 0;
  const byEncoding = new Map<string, number>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker) fromCache.add(requestId);
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    responses.set(requestId, {
      status: response.status,
      encoding: headers['content-encoding'] ?? 'identity',
      ours: response.url.startsWith(origin),
      path: response.url.slice(origin.length),
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (!response?.ours || fromCache.has(requestId)) return;
    bytes += encodedDataLength;
    byEncoding.set(response.encoding, (byEncoding.get(response.encoding) ?? 0) + encodedDataLength);
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await settle();
  await cdp.detach();
  const reached = [...responses.entries()].filter(([id, response]) => response.ours && !fromCache.has(id));
  const document = [...responses.values()].find((response) => response.ours && response.path === path);
  return {
    documentEncoding: document?.encoding ?? '?',
    requests: reached.length,
    bytes,
    byEncoding,
    revalidated: reached.filter(([, response]) => response.status === 304).length,
    reached: reached.map(([, response]) => `${response.status} ${response.path}`),
  };
};

/**
 * The wire rows: the sign-in page's bytes on the wire on a first visit (fresh profile),
 * and how many requests a repeat visit still makes (hashed assets are `immutable`, the
 * document and /runtime-config.js are revalidated). Chromium advertises the encodings it
 * accepts itself; the split per Content-Encoding shows what it got.
 */
export const benchWire = async (browser: Browser, origin: string, log = console.log) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const settle = () => page.getByLabel('Email').waitFor({ timeout: 60_000 });
    const first = await load(page, origin, '/login', settle);
    const split = [...first.byEncoding].map(([encoding, size]) => `${encoding} ${kib(size)}`).join(', ');
    log(`\nWire (Chromium, ${origin}):`);
    log(`  sign-in page, first visit: ${kib(first.bytes)} on the wire in ${first.requests} requests (${split})`);
    log(`  the HTML document: Content-Encoding ${first.documentEncoding} (goal: compressed)`);
    const again = await context.newPage();
    const repeat = await load(again, origin, '/login', () => again.getByLabel('Email').waitFor({ timeout: 60_000 }));
    log(
      `  sign-in page, repeat visit: ${repeat.requests} requests reached the server (${repeat.revalidated} answered 304), ${kib(repeat.bytes)}: ${repeat.reached.join(', ')}`,
    );
  } finally {
    await context.close();
  }
};
