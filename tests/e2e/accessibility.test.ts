import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { type AxeNode, axeViolations, describeNodes } from '../support/axe';
import { newSignedInPage } from '../support/browser';
import { it, baseUrl, browser } from '../support/e2e';

/*
 * spec 9 and WCAG 2.2 AA: every screen, in both themes and both languages, with axe-core.
 * A serious or critical violation fails the test; moderate and minor ones are counted and logged.
 * Each screen is checked once its own content is shown (a heading, a row, a tab's panel, a dialog
 * fully faded in), so a screen that does not come up fails the test instead of passing empty.
 */

const run = Date.now().toString(36);
/** One signed-in admin for every variant; the theme and language are switched in react-admin's store. */
let signedIn: { context: BrowserContext; page: Page };
/** The sign-in screens, signed out. */
let visitor: { context: BrowserContext; page: Page };
let sessionPath = '';

type Theme = 'light' | 'dark';
type Language = 'en' | 'fr';
type Translate = (key: string) => string;

const catalogues = { en, fr };

/** A message of the portal's catalogue, by its dotted key, in `language`. */
const text = (language: Language, key: string): string => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[language]);
  if (typeof found !== 'string') throw new Error(`no message ${key}`);
  return found;
};

/** How long a screen may take to show its content on a loaded machine. */
const SHOWN_WITHIN = { timeout: 20_000 };

/** Waits for `locator` to be shown and fully faded in (axe measures contrast through opacity). */
const shown = async (locator: Locator) => {
  await locator.waitFor();
  const opaque = () =>
    locator.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    });
  await expect.poll(opaque, SHOWN_WITHIN).toBe(true);
};

/** Inside `scope`, nothing is still on its way: no loading stand-in, spinner, progress bar or busy region. */
const loaded = async (scope: Locator) => {
  const busy = scope.locator('[role="status"], [role="progressbar"], [aria-busy="true"]').filter({ visible: true });
  await expect.poll(() => busy.count(), SHOWN_WITHIN).toBe(0);
};

const heading = (page: Page, name: string) => page.locator('main').getByRole('heading', { name, exact: true }).first();

const shownDialog = (page: Page) => page.getByRole('dialog').filter({ visible: true });

/** Opens a dialog with the enabled button named `button` (within `scope`), and waits for its title, fully shown. */
const openDialog = async (page: Page, button: string, scope: Locator = page.locator('main')) => {
  await scope.getByRole('button', { name: button, exact: true, disabled: false }).first().click();
  const dialog = shownDialog(page);
  await shown(dialog.getByRole('heading').first());
  await loaded(dialog);
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await shownDialog(page).waitFor({ state: 'detached' });
};

const go = (page: Page, path: string) => page.goto(`${baseUrl}${path}`);

/**
 * Moves the portal already loaded in `page` to `path` as its own links do, without loading it
 * again (react-router follows the history's popstate): many screens stay within the run's time.
 */
const navigate = async (page: Page, path: string) => {
  // the pointer leaves the last control clicked: a tooltip of the next screen fading in under it is not the screen
  await page.mouse.move(0, 0);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`${baseUrl}${path}`);
};

/** A session's tab: its panel shown and settled, and its own heading (or list) in it. */
const sessionTab = async (page: Page, tab: string, content: (panel: Locator) => Locator) => {
  expect(sessionPath).toMatch(/^\/sessions\/.+/);
  await navigate(page, `${sessionPath}?tab=${tab}`);
  const panel = page.locator(`#session-tabpanel-${tab}[aria-busy="false"]`);
  await shown(content(panel));
  await loaded(panel);
};

interface Screen {
  name: string;
  /** Brings the screen up on the signed-in page and waits for its content. */
  show: (page: Page, t: Translate) => Promise<void>;
  /** Takes the screen down once checked, leaving nothing changed (a confirmation cancelled, a selection cleared). */
  leave?: (page: Page, t: Translate) => Promise<void>;
}

/** A catalogue message with its %{name} placeholders filled. */
const fill = (message: string, values: Record<string, string>) => message.replace(/%\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

const userCheckbox = (page: Page, t: Translate) =>
  page.locator('main').getByRole('checkbox', { name: fill(t('app.bulk.selectRow'), { name: 'rep@salescoach.test' }), exact: true });

const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    show: async (page, t) => {
      await go(page, '/dashboard');
      await shown(heading(page, t('app.dashboard.welcome')));
      // the cards' live figures, each a link once loaded
      await expect.poll(() => page.locator('main .MuiCard-root li a').count(), SHOWN_WITHIN).toBe(5);
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'sessions',
    show: async (page) => {
      await navigate(page, '/sessions');
      await shown(page.locator('main tbody tr a[href^="/sessions/"]').first());
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'session timeline',
    show: (page) => sessionTab(page, 'timeline', (panel) => panel.getByRole('listitem').first()),
  },
  {
    name: 'session sentiment',
    show: (page, t) =>
      sessionTab(page, 'sentiment', (panel) => panel.getByRole('heading', { name: t('app.sessions.sentiment.entries'), exact: true })),
  },
  {
    name: 'session speech rate',
    show: (page, t) =>
      sessionTab(page, 'speech-rate', (panel) => panel.getByRole('heading', { name: t('app.sessions.speechRate.alerts'), exact: true })),
  },
  {
    name: 'session statistics',
    show: (page, t) =>
      sessionTab(page, 'statistics', (panel) => panel.getByRole('heading', { name: t('app.sessions.statistics.detections'), exact: true })),
  },
  {
    name: 'session delete confirmation',
    show: (page, t) => openDialog(page, t('app.sessionErasure.delete')),
    leave: (page) => closeDialog(page),
  },
  {
    name: 'insights',
    show: async (page, t) => {
      await navigate(page, '/insights?period=90d');
      for (const section of ['items', 'inquiries', 'answers', 'reps', 'landmines']) {
        await shown(heading(page, t(`app.insights.${section}.title`)));
      }
      await shown(page.locator('main section table tbody tr').first());
      await shown(page.locator('main figure .recharts-surface').first());
      await loaded(page.locator('main'));
      // every section is open: what stays closed is the line of objections with too few calls
      const closed = page.locator('main section button[aria-expanded="false"]');
      if ((await closed.count()) > 0) await closed.first().click();
    },
  },
  {
    name: 'dictionary objections',
    show: async (page, t) => {
      await navigate(page, '/dictionary');
      await page.getByRole('tab', { name: t('app.dictionary.tabs.objections'), selected: true }).waitFor();
      await shown(page.getByTestId('item-row').first());
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'dictionary variations',
    show: async (page, t) => {
      await page
        .locator('main')
        .getByRole('button', { name: t('app.dictionary.row.showVariations') })
        .first()
        .click();
      await shown(page.getByTestId('variation-row').first());
    },
  },
  {
    name: 'variation edit dialog',
    show: (page, t) => openDialog(page, t('app.dictionary.row.editVariation'), page.getByTestId('variation-row').first()),
    leave: (page) => closeDialog(page),
  },
  { name: 'objection create dialog', show: (page, t) => openDialog(page, t('app.dictionary.add.objections')) },
  {
    name: 'objection edit dialog',
    show: async (page, t) => {
      await closeDialog(page);
      await openDialog(page, t('app.dictionary.row.edit'), page.getByTestId('item-row').first());
    },
  },
  {
    name: 'dictionary faqs',
    show: async (page, t) => {
      await closeDialog(page);
      // the page's tabs are its own state, not the address's: an admin clicks them
      await page.getByRole('tab', { name: t('app.dictionary.tabs.faqs') }).click();
      await page.getByRole('tab', { name: t('app.dictionary.tabs.faqs'), selected: true }).waitFor();
      await shown(page.getByTestId('item-row').first());
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'dictionary landmines',
    show: async (page, t) => {
      await page.getByRole('tab', { name: t('app.dictionary.tabs.landmines') }).click();
      await page.getByRole('tab', { name: t('app.dictionary.tabs.landmines'), selected: true }).waitFor();
      await shown(page.getByTestId('landmine-row').first());
      await loaded(page.locator('main'));
    },
  },
  { name: 'landmine create dialog', show: (page, t) => openDialog(page, t('app.dictionary.add.landmines')) },
  {
    name: 'landmine edit dialog',
    show: async (page, t) => {
      await closeDialog(page);
      await openDialog(page, t('app.dictionary.row.edit'), page.getByTestId('landmine-row').first());
    },
  },
  {
    name: 'landmine delete confirmation',
    show: async (page, t) => {
      await closeDialog(page);
      await openDialog(page, t('app.dictionary.row.delete'), page.getByTestId('landmine-row').first());
    },
  },
  {
    name: 'suggested variations',
    show: async (page, t) => {
      await closeDialog(page);
      await navigate(page, '/dictionary/suggestions');
      await shown(heading(page, t('app.suggestions.title')));
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'users',
    show: async (page) => {
      await closeDialog(page);
      await navigate(page, '/users');
      await shown(page.locator('main tbody tr').filter({ hasText: 'admin@salescoach.test' }));
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'users bulk disable confirmation',
    show: async (page, t) => {
      await userCheckbox(page, t).check();
      await openDialog(page, t('app.bulk.users.disable'));
    },
    leave: async (page, t) => {
      await closeDialog(page);
      await userCheckbox(page, t).uncheck();
    },
  },
  { name: 'user create dialog', show: (page, t) => openDialog(page, t('app.users.add')) },
  {
    name: 'user edit dialog',
    show: async (page, t) => {
      await closeDialog(page);
      // the signed-in admin's own row: its role is locked, with the reason written under it
      await openDialog(page, t('app.users.actions.edit'), page.locator('main tbody tr').filter({ hasText: 'admin@salescoach.test' }));
      await shown(shownDialog(page).getByText(t('app.users.self.demote')));
    },
  },
  {
    name: 'audit log',
    show: async (page) => {
      await closeDialog(page);
      await navigate(page, '/audit');
      // the key made before the checks is recorded
      await shown(page.locator('main tbody tr').filter({ hasText: 'admin@salescoach.test' }).first());
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'labelled phrases',
    show: async (page) => {
      await navigate(page, '/phraseLabels');
      // the list, or react-admin's empty page while nothing is labelled
      await shown(page.locator('main table, main .RaEmpty-message').first());
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'api keys',
    show: async (page) => {
      await navigate(page, '/service-keys');
      await shown(page.locator('main tbody tr').filter({ hasText: `axe ${run}` }));
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'api key revoke confirmation',
    show: (page, t) => openDialog(page, fill(t('app.apiKeys.revoke.label'), { name: `axe ${run}` })),
    leave: (page) => closeDialog(page),
  },
  { name: 'api key create dialog', show: (page, t) => openDialog(page, t('app.apiKeys.create')) },
  {
    name: 'settings',
    show: async (page, t) => {
      await closeDialog(page);
      await navigate(page, '/settings');
      await shown(heading(page, t('app.settings.speechRate.title')));
      // every card shows its settings, and the preview its sentence
      await shown(page.getByTestId('config-version'));
      await shown(page.locator('main section input[value]:not([value=""])').first());
      await shown(page.locator('[data-testid="speech-rate-preview"][aria-busy="false"] p').first());
      await loaded(page.locator('main'));
    },
  },
  {
    name: 'transcripts',
    show: async (page, t) => {
      await navigate(page, '/transcripts');
      await shown(heading(page, t('app.transcripts.title')));
    },
  },
];

interface Tally {
  blocking: AxeNode[];
  moderate: number;
  minor: number;
}

/** Finite CSS transitions and animations still running (a button's colour easing in as it is enabled). */
const easing = (page: Page) =>
  page.evaluate(
    () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
  );

const checkScreen = async (page: Page, label: string, tally: Tally) => {
  // axe measures the colours as painted: a colour half-way through its transition is not the screen's
  await expect.poll(() => easing(page), SHOWN_WITHIN).toBe(0);
  const nodes = await axeViolations(page);
  const blocking = nodes.filter((node) => node.impact === 'serious' || node.impact === 'critical');
  tally.blocking.push(...blocking);
  tally.moderate += nodes.filter((node) => node.impact === 'moderate').length;
  tally.minor += nodes.filter((node) => node.impact === 'minor').length;
  // one line per node: rule, selector, and axe's account (for contrast: the ratio, colours and font)
  expect.soft(describeNodes(blocking), label).toBe('');
};

/** The theme and language as the top bar's switches and the sign-in page's language switch store them. */
const prefer = (page: Page, theme: Theme, language: Language) =>
  page.evaluate(
    ([themeName, locale]) => {
      localStorage.setItem('RaStore.theme', JSON.stringify(themeName));
      localStorage.setItem('RaStore.locale', JSON.stringify(locale));
    },
    [theme, language] as const,
  );

/** The page shows the variant asked for: the document's language, and the theme's page colour (white in the light theme). */
const expectVariant = async (page: Page, theme: Theme, language: Language) => {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background === 'rgb(255, 255, 255)', `${theme} theme, page colour ${background}`).toBe(theme === 'light');
};

/** Creates a service key as the signed-in admin (setup: the API keys list and the audit log then have a row). */
const createKey = (page: Page, name: string) =>
  page.evaluate(async (keyName) => {
    const { token } = JSON.parse(localStorage.getItem('auth_token') ?? '{}') as { token: string };
    const response = await fetch('/api/admin/api-keys', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: keyName, scopes: ['config:read'] }),
    });
    if (!response.ok) throw new Error(`POST /api/admin/api-keys: ${response.status} ${await response.text()}`);
  }, name);

beforeAll(async () => {
  signedIn = await newSignedInPage(browser, baseUrl);
  signedIn.page.setDefaultTimeout(20_000);
  await createKey(signedIn.page, `axe ${run}`);
  // a completed call's page: one in progress reads itself again every few seconds
  const link = signedIn.page.locator('main tbody tr a[href^="/sessions/"]').first();
  await go(signedIn.page, '/sessions?status=completed');
  sessionPath = (await link.getAttribute('href')) ?? '';
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  visitor = { context, page: await context.newPage() };
  visitor.page.setDefaultTimeout(20_000);
  await go(visitor.page, '/login');
});

describe('axe-core on every screen (WCAG 2.2 AA)', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'fr'] as const) {
      it(`finds no serious or critical violation in the ${theme} theme in ${language}`, { timeout: 120_000 }, async () => {
        const t: Translate = (key) => text(language, key);
        const tally: Tally = { blocking: [], moderate: 0, minor: 0 };
        const { page } = signedIn;
        const checked: string[] = [];

        await prefer(visitor.page, theme, language);
        await go(visitor.page, '/login');
        await shown(visitor.page.getByRole('heading', { name: t('app.login.title'), exact: true }));
        await shown(visitor.page.getByLabel(t('app.login.email')));
        expect(await visitor.page.evaluate(() => document.documentElement.lang)).toBe(language);
        await checkScreen(visitor.page, `${theme} ${language} sign-in`, tally);
        await go(visitor.page, '/signup');
        await shown(visitor.page.getByRole('heading', { name: t('app.signup.title'), exact: true }));
        await checkScreen(visitor.page, `${theme} ${language} sign-up`, tally);
        checked.push('sign-in', 'sign-up');

        await prefer(page, theme, language);
        for (const screen of SCREENS) {
          try {
            await screen.show(page, t);
          } catch (error) {
            throw new Error(`${theme} ${language}: the ${screen.name} screen was not shown: ${(error as Error).message}`);
          }
          if (screen.name === 'dashboard') await expectVariant(page, theme, language);
          await checkScreen(page, `${theme} ${language} ${screen.name}`, tally);
          checked.push(screen.name);
          await screen.leave?.(page, t);
        }
        const count = (impact: string) => tally.blocking.filter((node) => node.impact === impact).length;
        console.info(
          `axe ${theme} ${language}: ${checked.length} screens, critical ${count('critical')}, serious ${count('serious')}, moderate ${tally.moderate}, minor ${tally.minor} nodes`,
        );
        expect(checked).toHaveLength(SCREENS.length + 2);
      });
    }
  }
});
