import type { BrowserContext, Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { newSignedInPage, type TestBrowser } from './browser';
import { fileBrowser } from './fileBrowser';

/** The portal the e2e global set-up started (tests/support/e2eGlobalSetup.ts). */
export const baseUrl = inject('baseUrl');

/** The calling test file's Chromium: launched at its first context, closed after its last test. */
export const browser = fileBrowser();

type Viewport = { width: number; height: number };

interface BrowserFixtures {
  /** A context of its own (cookies, storage), closed after the test. */
  newContext: TestBrowser['newContext'];
  /** `email` (the demo admin by default) signed in on a new context, at /dashboard. */
  signedIn: (email?: string, viewport?: Viewport) => Promise<{ context: BrowserContext; page: Page }>;
  /** The demo admin signed in at /dashboard, 1280x800. */
  page: Page;
}

const DEMO_ADMIN = 'admin@salescoach.test';
const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
const WELCOME = 'Welcome to the Admin Portal';

/**
 * Each account signs in through the form once per file; its later tests start from the session that sign-in saved
 * (Firebase keeps it in localStorage, spec 3), as an admin reopening the portal does. The sign-in itself is tested in
 * auth.test.ts.
 */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** `it` for the browser tests: each test asks for what it needs, and its contexts close after it. */
export const it = test.extend<BrowserFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  newContext: async ({}, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
  },
  signedIn: async ({ newContext }, use) => {
    await use(async (email = DEMO_ADMIN, viewport = DEFAULT_VIEWPORT) => {
      const saved = sessions.get(email);
      if (saved) {
        const context = await newContext({ viewport, storageState: saved });
        const page = await context.newPage();
        await page.goto(`${baseUrl}/dashboard`);
        await page
          .getByRole('heading', { name: WELCOME })
          .or(page.getByRole('button', { name: 'Sign In' }))
          .first()
          .waitFor();
        if (page.url().endsWith('/dashboard')) return { context, page };
        await context.close();
      }
      const fresh = await newSignedInPage({ newContext }, baseUrl, email, viewport);
      sessions.set(email, await fresh.context.storageState());
      return fresh;
    });
  },
  page: async ({ signedIn }, use) => {
    await use((await signedIn()).page);
  },
});
