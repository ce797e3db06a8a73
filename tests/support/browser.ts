import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Each launch gets a fresh profile. */
export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** What a browser test asks of its Chromium: a new context (its own cookies and storage) per user. */
export type TestBrowser = Pick<Browser, 'newContext'>;

export const DEMO_PASSWORD = 'Demo-pass-1';

export const signIn = async (page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

export const newSignedInPage = async (
  browser: TestBrowser,
  baseUrl: string,
  email = 'admin@salescoach.test',
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/dashboard');
  return { context, page };
};
