import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { type AxeNode, axeViolations, describeNodes } from '../support/axe';
import { DEMO_PASSWORD, launchBrowser } from '../support/browser';

/*
 * spec 9 and WCAG 2.2 AA: every screen, in both themes and both languages, with axe-core.
 * A serious or critical violation fails the test; moderate and minor ones are counted and logged.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Theme = 'light' | 'dark';
type Language = 'en' | 'fr';

const catalogues = { en, fr };

/** A message of the portal's catalogue, by its dotted key, in `language`. */
const text = (language: Language, key: string): string => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[language]);
  if (typeof found !== 'string') throw new Error(`no message ${key}`);
  return found;
};

interface Screen {
  name: string;
  /** Brings the screen up on `page` and waits for its content. */
  show: (page: Page, t: (key: string) => string) => Promise<void>;
}

/**
 * What on the page is still on its way: a visible spinner, skeleton or progress bar, a region marked
 * busy, or a dialog or menu still fading in. Self-contained: Playwright runs it in the page.
 */
const busyParts = () => {
  const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`;
  const loading = [
    ...document.querySelectorAll('.MuiCircularProgress-root, .MuiSkeleton-root, .MuiLinearProgress-root, [aria-busy="true"]'),
  ].filter((element) => element.checkVisibility());
  const fading = [...document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper, .MuiMenu-paper')].filter(
    (element) => element.checkVisibility({ visibilityProperty: true }) && getComputedStyle(element).opacity !== '1',
  );
  return [...loading, ...fading].map(name);
};

/** Until nothing is on its way (busyParts): axe then sees the content as an admin does. */
const settled = async (page: Page) => {
  try {
    await page.waitForFunction(`(${busyParts})().length === 0`, undefined, { timeout: 60_000 });
  } catch {
    throw new Error(`${page.url()} still shows ${(await page.evaluate(busyParts)).join(', ')}`);
  }
};

const open = async (page: Page, path: string, content: string) => {
  await page.goto(`${baseUrl}${path}`);
  await page.locator(content).first().waitFor();
  await settled(page);
};

/** Opens a dialog with the button named `button` (within `scope`) and waits for it to be shown. */
const openDialog = async (page: Page, button: string, scope = 'main') => {
  await page.locator(scope).first().getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole('dialog').waitFor();
  await settled(page);
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};

let sessionPath = '';

const SCREENS: Screen[] = [
  { name: 'dashboard', show: (page) => open(page, '/dashboard', 'main h2') },
  {
    name: 'sessions',
    show: async (page) => {
      const link = 'main tbody tr a[href^="/sessions/"]';
      if (!sessionPath) {
        // a completed call's page: one in progress reads itself again every few seconds
        await open(page, '/sessions?status=completed', link);
        sessionPath = (await page.locator(link).first().getAttribute('href')) ?? '';
      }
      await open(page, '/sessions', link);
    },
  },
  ...(['timeline', 'sentiment', 'speech-rate', 'statistics'] as const).map(
    (tab): Screen => ({
      name: `session ${tab}`,
      show: async (page) => {
        expect(sessionPath).toMatch(/^\/sessions\/.+/);
        await open(page, `${sessionPath}?tab=${tab}`, `#session-tabpanel-${tab} *`);
      },
    }),
  ),
  { name: 'insights', show: (page) => open(page, '/insights?period=90d', 'main table tbody tr') },
  { name: 'dictionary objections', show: (page) => open(page, '/dictionary', '[data-testid="item-row"]') },
  {
    name: 'dictionary variations',
    show: async (page, t) => {
      await page
        .getByTestId('item-row')
        .first()
        .getByRole('button', { name: t('app.dictionary.row.showVariations') })
        .click();
      await page.getByTestId('variation-row').first().waitFor();
      await settled(page);
    },
  },
  {
    name: 'objection dialog',
    show: async (page, t) => {
      await openDialog(page, t('app.dictionary.add.objections'));
    },
  },
  {
    name: 'dictionary faqs',
    show: async (page) => {
      await closeDialog(page);
      await open(page, '/dictionary?tab=faqs', '[data-testid="item-row"]');
    },
  },
  { name: 'dictionary landmines', show: (page) => open(page, '/dictionary?tab=landmines', '[data-testid="landmine-row"]') },
  { name: 'landmine dialog', show: (page, t) => openDialog(page, t('app.dictionary.add.landmines')) },
  {
    name: 'landmine delete confirmation',
    show: async (page, t) => {
      await closeDialog(page);
      await openDialog(page, t('app.dictionary.row.delete'), '[data-testid="landmine-row"]');
    },
  },
  {
    name: 'users',
    show: async (page) => {
      await closeDialog(page);
      await open(page, '/users', 'main tbody tr');
    },
  },
  { name: 'user create dialog', show: (page, t) => openDialog(page, t('app.users.add')) },
  {
    name: 'user edit dialog',
    show: async (page, t) => {
      await closeDialog(page);
      await openDialog(page, t('app.users.actions.edit'), 'main tbody tr');
    },
  },
  {
    name: 'audit log',
    show: async (page) => {
      await closeDialog(page);
      // react-admin shows its empty page until something has been recorded
      await open(page, '/audit', 'main table, main [class*="RaEmpty"]');
    },
  },
  { name: 'api keys', show: (page) => open(page, '/service-keys', 'main thead th') },
  { name: 'api key create dialog', show: (page, t) => openDialog(page, t('app.apiKeys.create')) },
  {
    name: 'settings',
    show: async (page) => {
      await closeDialog(page);
      await open(page, '/settings', 'main input[value]:not([value=""])');
    },
  },
  { name: 'transcripts', show: (page) => open(page, '/transcripts', 'main h2') },
];

interface Tally {
  blocking: AxeNode[];
  moderate: number;
  minor: number;
}

const checkScreen = async (page: Page, label: string, tally: Tally) => {
  const nodes = await axeViolations(page);
  const blocking = nodes.filter((node) => node.impact === 'serious' || node.impact === 'critical');
  tally.blocking.push(...blocking);
  tally.moderate += nodes.filter((node) => node.impact === 'moderate').length;
  tally.minor += nodes.filter((node) => node.impact === 'minor').length;
  // one line per node: rule, selector, and axe's account (for contrast: the ratio, colours and font)
  expect.soft(describeNodes(blocking), label).toBe('');
};

const newContext = async (theme: Theme, language: Language): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // react-admin's store, as the top bar's switches leave it
  await context.addInitScript(
    ([themeName, locale]) => {
      localStorage.setItem('RaStore.theme', JSON.stringify(themeName));
      localStorage.setItem('RaStore.locale', JSON.stringify(locale));
    },
    [theme, language],
  );
  return context;
};

describe('axe-core on every screen (WCAG 2.2 AA)', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'fr'] as const) {
      it(`finds no serious or critical violation in the ${theme} theme in ${language}`, { timeout: 240_000 }, async () => {
        const t = (key: string) => text(language, key);
        const tally: Tally = { blocking: [], moderate: 0, minor: 0 };
        const context = await newContext(theme, language);
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);

        await page.goto(`${baseUrl}/login`);
        await page.locator('input[type="password"]').waitFor();
        await settled(page);
        await checkScreen(page, `${theme} ${language} login`, tally);
        await page.goto(`${baseUrl}/signup`);
        await page.locator('input[type="password"]').first().waitFor();
        await settled(page);
        await checkScreen(page, `${theme} ${language} sign-up`, tally);
        await page.goto(`${baseUrl}/login`);
        await page.getByLabel(t('app.login.email')).fill('admin@salescoach.test');
        await page.getByLabel(t('app.login.password'), { exact: false }).first().fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: t('app.login.submit'), exact: true }).click();
        await page.waitForURL('**/dashboard');

        // A screen that does not come up is a failure too, and the next screens are still checked.
        const unreached: string[] = [];
        for (const screen of SCREENS) {
          try {
            await screen.show(page, t);
          } catch (error) {
            unreached.push(`${screen.name}: ${(error as Error).message.split('\n')[0]}`);
            continue;
          }
          await checkScreen(page, `${theme} ${language} ${screen.name}`, tally);
        }
        const count = (impact: string) => tally.blocking.filter((node) => node.impact === impact).length;
        console.info(
          `axe ${theme} ${language}: ${SCREENS.length + 2 - unreached.length} screens, critical ${count('critical')}, serious ${count('serious')}, moderate ${tally.moderate}, minor ${tally.minor} nodes`,
        );
        await context.close();
        expect(unreached).toEqual([]);
      });
    }
  }
});
