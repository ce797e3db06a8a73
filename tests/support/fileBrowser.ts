import type { Browser } from 'playwright-core';
import { afterAll } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser';

/**
 * The Chromium of the calling test file, called at its top level: launched at the file's first
 * new context, closed after its last test. Apart from ./browser.ts, which the bench scripts import
 * too: only test files load vitest.
 */
export const fileBrowser = (): TestBrowser => {
  let launched: Promise<Browser> | null = null;
  afterAll(async () => {
    await (await launched?.catch(() => null))?.close();
  });
  return {
    newContext: async (options) => {
      launched ??= launchBrowser();
      return (await launched).newContext(options);
    },
  };
};
