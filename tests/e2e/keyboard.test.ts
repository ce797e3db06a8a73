import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { en } from '../../src/i18n/en';
import { DEMO_PASSWORD } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

/**
 * Every flow by keyboard alone: after the page is opened, only Tab, Shift+Tab, arrows, Space,
 * Enter and typing. Where the focus is after each action is checked, not only the outcome.
 */
const run = Date.now().toString(36);

/** What has the keyboard focus: its role or tag, its label (aria-label, its <label>, or its placeholder) and its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body) return 'body';
    const label =
      element.getAttribute('aria-label') ??
      element.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim() ??
      element.getAttribute('placeholder') ??
      '';
    const text = (element.textContent ?? '').trim().slice(0, 80);
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}|${label}|${text}`;
  });

/** Tabs (forwards, or backwards with Shift) until the focus matches, at most `max` presses; returns how many. */
const tabTo = async (page: Page, matches: (focus: string) => boolean, { max = 80, back = false } = {}) => {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (matches(await focused(page))) return presses;
  }
  throw new Error(`Not reached by ${max} Tab presses; the focus is on ${await focused(page)}`);
};

/** Whether the focus is inside the element the locator finds. */
const focusWithin = (page: Page, selector: string, text: string) =>
  page.evaluate(
    ([css, hasText]) =>
      [...document.querySelectorAll(css)].some(
        (element) => element.textContent?.includes(hasText) && element.contains(document.activeElement),
      ),
    [selector, text] as const,
  );

/**
 * Signs in from the sign-in page by keyboard alone: the page opens with the focus in its email
 * field, Tab goes on to the password, Enter sends the form.
 */
const signInByKeyboard = async (page: Page) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(en.app.login.email).waitFor();
  await expect.poll(() => focused(page)).toBe(`input|${en.app.login.email}|`);
  await page.keyboard.type('admin@salescoach.test');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe(`input|${en.app.login.password}|`);
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
};

/** Creates users through the API with the signed-in admin's stored token (setup, not the flow under test). */
const createUsers = (page: Page, emails: string[]) =>
  page.evaluate(async (list) => {
    const { token } = JSON.parse(localStorage.getItem('auth_token') ?? '{}') as { token: string };
    for (const email of list) {
      const response = await fetch('/api/admin/users', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, name: `Keys ${email.split('@')[0]}`, password: 'Keys-pass-1', role: 'user' }),
      });
      if (!response.ok) throw new Error(`POST /api/admin/users: ${response.status} ${await response.text()}`);
    }
  }, emails);

describe('by keyboard alone', () => {
  it('signs in, skips to the content, disables a user from the switch and disables users in bulk, the focus staying put', async ({
    newContext,
  }) => {
    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByKeyboard(page);

    const prefix = `keys-${run}`;
    await createUsers(page, [`${prefix}-a@example.test`, `${prefix}-b@example.test`, `${prefix}-c@example.test`]);
    await page.goto(`${baseUrl}/users`);
    await page.getByRole('columnheader', { name: 'Last Login' }).waitFor();

    // the first Tab reaches the skip link; Enter puts the focus on the page's content
    await page.keyboard.press('Tab');
    expect(await focused(page)).toContain('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatch(/^main\|/);
    await tabTo(page, (focus) => focus.startsWith(`input|${en.app.users.searchLabel}|`), { max: 10 });
    await page.keyboard.type(prefix);
    const rows = page.getByRole('row').filter({ hasText: prefix });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);

    // the switch of user a: Space disables them, and the focus stays on that switch
    await tabTo(page, (focus) => focus.includes(`Select ${prefix}-a@`));
    await tabTo(page, (focus) => focus.includes('Disable user'), { max: 5 });
    expect(await focusWithin(page, 'tr', `${prefix}-a@`)).toBe(true);
    await page.keyboard.press('Space');
    await page.getByText('User disabled successfully').waitFor();
    await rows
      .filter({ hasText: `${prefix}-a@` })
      .getByText('Inactive', { exact: true })
      .waitFor();
    expect(await focusWithin(page, 'tr', `${prefix}-a@`)).toBe(true);
    expect(await focused(page)).toContain('Enable user');

    // bulk: select all on the page from the keyboard, Disable, the confirmation, then the focus goes back to select-all
    await tabTo(page, (focus) => focus.includes('Select all on this page'), { back: true });
    await page.keyboard.press('Space');
    await page.getByRole('toolbar').getByText('3 selected').waitFor();
    await tabTo(page, (focus) => focus.startsWith('button|') && focus.endsWith('|Disable'), { back: true });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Disable users' });
    await confirm.getByText('Disable 2 users?').waitFor();
    // Cancel has the focus: Enter now would cancel; Tab goes to the confirm button
    expect(await focused(page)).toContain('Cancel');
    await tabTo(page, (focus) => focus.endsWith('|Disable'), { max: 3 });
    await page.keyboard.press('Enter');
    await page.getByText('2 users disabled, 1 already disabled').waitFor();
    await expect.poll(() => rows.getByText('Inactive', { exact: true }).count()).toBe(3);
    await expect.poll(() => focused(page)).toContain('Select all on this page');
  });

  it('adds an objection, its dialog giving the focus back to the Add button', async ({ newContext }) => {
    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByKeyboard(page);
    await page.goto(`${baseUrl}/dictionary`);
    await page.getByRole('button', { name: 'Add Original Objection' }).waitFor();

    const question = `Keyboard objection ${run}`;
    await tabTo(page, (focus) => focus.endsWith('|Add Original Objection'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // the dialog opens on its first field, the question
    await expect.poll(() => focused(page)).toBe('textarea|Question|');
    await page.keyboard.type(question);
    await tabTo(page, (focus) => /^textarea\|Answer\|/.test(focus), { max: 5 });
    await page.keyboard.type('Think of the cost of doing nothing.');
    await tabTo(page, (focus) => focus.endsWith('|Save'), { max: 6 });
    await page.keyboard.press('Enter');
    await page.getByText('Item added successfully. Embeddings will be generated automatically.').waitFor();
    await expect.poll(() => focused(page)).toContain('Add Original Objection');
  });

  it('opens a session and its Sentiment Analysis tab', async ({ newContext }) => {
    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByKeyboard(page);
    await page.goto(`${baseUrl}/sessions`);
    await page.getByRole('link', { name: 'View Details' }).first().waitFor();

    await tabTo(page, (focus) => focus.includes('View Details'), { max: 120 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sessions\/[^/?]+/);
    await page.getByRole('tab', { name: 'Timeline' }).waitFor();
    await tabTo(page, (focus) => focus.startsWith('tab|'), { max: 40 });
    // the tabs are one stop: arrows move between them, Enter opens one
    for (let presses = 0; presses < 6 && !(await focused(page)).includes('Sentiment Analysis'); presses += 1) {
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/tab=sentiment/);
    await page.locator('#session-tabpanel-sentiment').getByRole('heading', { name: en.app.sessions.sentiment.entries }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sentiment Analysis' }).getAttribute('aria-selected')).toBe('true');
    expect(await focused(page)).toContain('Sentiment Analysis');
  });
});
