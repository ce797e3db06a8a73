import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signIn } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

// src/dataProvider/firstRead.ts: with a stored sign-in, a list page's first read starts beside the
// session restore, and the page takes its answer: one request, not two (no waterfall).
describe("a list page's first read", () => {
  for (const [path, api, rowSelector] of [
    ['/sessions', '/api/admin/sessions?', 'table tbody tr a[href^="/sessions/"]'],
    ['/users', '/api/admin/users?', 'table tbody tr td'],
  ] as const) {
    it(`opens ${path} in a new tab of a signed-in browser with one request for its first page`, async ({ signedIn }) => {
      const { context } = await signedIn();
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
    });
  }

  it("opens a session's detail in a new tab with one request for the session", async ({ signedIn }) => {
    const { context, page: first } = await signedIn();
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
  });
});

// scripts/shellPreload.ts: with a stored sign-in, the document itself asks for the admin shell's
// files and the page's, instead of the entry asking once it has arrived and run. The entry is
// held back here, so whatever is asked for meanwhile was asked for by the document.
describe("the shell's early files", () => {
  const ENTRY = /\/assets\/index-[\w-]+\.js$/;
  const SHELL_FILES = /\/assets\/(App|SessionList)-[\w-]+\.js$/;

  const holdEntry = async (page: Page) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY, async (route) => {
      await released;
      await route.continue();
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (SHELL_FILES.test(pathname)) asked.push(pathname.replace(/-[\w-]+\.js$/, ''));
    });
    return { asked, release };
  };

  it('are asked for by the document on a signed-in load of /sessions, before the entry has run', async ({ signedIn }) => {
    const { context } = await signedIn();
    const page = await context.newPage();
    const { asked, release } = await holdEntry(page);
    await page.goto(`${baseUrl}/sessions`, { waitUntil: 'commit' });
    await expect.poll(() => [...asked].sort(), { timeout: 10_000 }).toEqual(['/assets/App', '/assets/SessionList']);
    release();
    await page.locator('table tbody tr a[href^="/sessions/"]').first().waitFor();
  });

  it('are not asked for by the document of a signed-out visit', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    const { asked, release } = await holdEntry(page);
    const preloadRan = page.waitForResponse(/\/assets\/shell-preload-[\w-]+\.js$/);
    await page.goto(`${baseUrl}/sessions`, { waitUntil: 'commit' });
    await preloadRan;
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    release();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  it("preloads the next screens' files once the signed-in dashboard is idle, without opening them", async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/assets\/SessionDetailPage-[\w-]+\.js$/.test(pathname)) asked.push(pathname);
    });
    await signIn(page, baseUrl, 'admin@salescoach.test');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
