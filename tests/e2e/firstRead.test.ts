import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// src/dataProvider/firstRead.ts: with a stored sign-in, a list page's first read starts beside the
// session restore, and the page takes its answer: one request, not two (issue 15, no waterfall).
describe("a list page's first read", () => {
  for (const [path, api, rowSelector] of [
    ['/sessions', '/api/admin/sessions?', 'table tbody tr a[href^="/sessions/"]'],
    ['/users', '/api/admin/users?', 'table tbody tr td'],
  ] as const) {
    it(`opens ${path} in a new tab of a signed-in browser with one request for its first page`, async () => {
      const { context } = await newSignedInPage(browser, baseUrl);
      const page = await context.newPage();
      const reads: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (`${url.pathname}?` === api && request.method() === 'GET') reads.push(`${url.pathname}${url.search}`);
      });
      await page.goto(`${baseUrl}${path}`);
      await page.locator(rowSelector).first().waitFor();
      // a second read would follow the page's render at once: give it time to show
      await page.waitForTimeout(1_000);
      expect(reads).toHaveLength(1);
      await context.close();
    });
  }

  it("opens a session's detail in a new tab with one request for the session", async () => {
    const { context, page: first } = await newSignedInPage(browser, baseUrl);
    await first.goto(`${baseUrl}/sessions`);
    const link = first.locator('table tbody tr a[href^="/sessions/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/sessions\/.+/);
    const page = await context.newPage();
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/admin/sessions/') && request.method() === 'GET') reads.push(url.pathname);
    });
    await page.goto(`${baseUrl}${href}`);
    // The page shows the session only once a read has answered: had it not taken the early one,
    // its own would be the second by then. (A call in progress refreshes itself after 3 s.)
    await page.locator('[aria-label="Session timeline"] [role="listitem"]').first().waitFor();
    expect(reads).toEqual([`/api/admin${href}`]);
    await context.close();
  });
});
