import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { en } from '../../src/i18n/en';
import { axeViolations, describeNodes } from '../support/axe';
import { baseUrl, it } from '../support/e2e';

/*
 * The screens generated from a declaration (list, show, create, edit), on competitor battlecards: axe-core (WCAG 2.2 AA)
 * in both themes, and the whole round by keyboard alone once the list is open.
 */
const run = Date.now().toString(36);
const fields = en.app.battlecards.fields;
const SHOWN_WITHIN = { timeout: 20_000 };

/** Shown and fully faded in: axe measures contrast through opacity. */
const shown = async (locator: Locator) => {
  await locator.waitFor(SHOWN_WITHIN);
  const opaque = () =>
    locator.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
      return true;
    });
  await expect.poll(opaque, SHOWN_WITHIN).toBe(true);
  const busy = page(locator).locator('main [role="progressbar"], main [aria-busy="true"]').filter({ visible: true });
  await expect.poll(() => busy.count(), SHOWN_WITHIN).toBe(0);
};
const page = (locator: Locator): Page => locator.page();

/** Serious and critical violations, one line each; transitions settled first. */
const blocking = async (target: Page, label: string) => {
  const running = () =>
    target.evaluate(
      () =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
    );
  await expect.poll(running, SHOWN_WITHIN).toBe(0);
  const nodes = (await axeViolations(target)).filter((node) => node.impact === 'serious' || node.impact === 'critical');
  return nodes.length === 0 ? '' : `${label}:\n${describeNodes(nodes)}`;
};

/** What has the focus: role or tag, then its accessible text. */
const focused = (target: Page) =>
  target.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body) return 'body';
    const label = element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim() ?? '';
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}|${label}|${(element.textContent ?? '').trim().slice(0, 60)}`;
  });

const tabTo = async (target: Page, matches: (focus: string) => boolean, max = 60) => {
  for (let presses = 0; presses < max; presses += 1) {
    await target.keyboard.press('Tab');
    if (matches(await focused(target))) return;
  }
  throw new Error(`Not reached by ${max} Tab presses; the focus is on ${await focused(target)}`);
};

describe('the generated battlecard screens', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`list, show, create and edit have no serious or critical axe violation in the ${theme} theme`, { timeout: 120_000 }, async ({
      page: signedIn,
    }) => {
      await signedIn.evaluate((name) => localStorage.setItem('RaStore.theme', JSON.stringify(name)), theme);
      const main = signedIn.locator('main');
      const found: string[] = [];
      await signedIn.goto(`${baseUrl}/battlecards`);
      const gong = main.getByRole('link', { name: 'Gong', exact: true });
      await shown(gong);
      const background = await signedIn.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background === 'rgb(255, 255, 255)', `page colour ${background}`).toBe(theme === 'light');
      found.push(await blocking(signedIn, 'list'));
      await gong.click();
      // the pointer leaves what it clicked: a button hovered under it on the next screen is not that screen's colours
      await signedIn.mouse.move(0, 0);
      await shown(main.getByText(DEMO_TALK_TRACK_START, { exact: false }));
      found.push(await blocking(signedIn, 'show'));
      await main.getByRole('link', { name: en.ra.action.edit }).click();
      await signedIn.mouse.move(0, 0);
      await shown(main.getByLabel(fields.name));
      await expect.poll(() => main.getByLabel(fields.name).inputValue()).toBe('Gong');
      found.push(await blocking(signedIn, 'edit'));
      await signedIn.goto(`${baseUrl}/battlecards/create`);
      await main.getByLabel(fields.name).fill(`Axe Co ${run}`);
      await shown(main.getByRole('button', { name: en.ra.action.save, exact: true, disabled: false }));
      found.push(await blocking(signedIn, 'create'));
      expect(found.filter(Boolean).join('\n')).toBe('');
    });
  }

  it('creates, opens, edits and deletes a battlecard by keyboard alone', { timeout: 120_000 }, async ({ page: signedIn }) => {
    const name = `Keyboard Co ${run}`;
    await signedIn.goto(`${baseUrl}/battlecards`);
    await shown(signedIn.locator('main').getByRole('link', { name: 'Gong', exact: true }));

    await tabTo(signedIn, (focus) => focus.startsWith('a|') && focus.endsWith(`|${en.ra.action.create}`));
    await signedIn.keyboard.press('Enter');
    await signedIn.waitForURL('**/battlecards/create');
    // The address changes before the form is drawn, and the list's Name filter would take the typing: wait for
    // exactly "Save", as the list's "Saved queries" holds the word.
    const save = signedIn.locator('main').getByRole('button', { name: en.ra.action.save, exact: true });
    await shown(save);
    await tabTo(signedIn, (focus) => focus.startsWith(`input|${fields.name}`));
    await signedIn.keyboard.type(name);
    await tabTo(signedIn, (focus) => focus.startsWith(`textarea|${fields.talkTrack}`));
    await signedIn.keyboard.type('Ask what happens during the call.');
    await tabTo(signedIn, (focus) => focus.startsWith('button|') && focus.endsWith(`|${en.ra.action.save}`));
    await signedIn.keyboard.press('Enter');
    await signedIn.waitForURL(/\/battlecards\/[0-9a-f-]+\/show$/);
    await shown(signedIn.locator('main').getByText('Ask what happens during the call.'));

    await tabTo(signedIn, (focus) => focus.startsWith('a|') && focus.endsWith(`|${en.ra.action.edit}`));
    await signedIn.keyboard.press('Enter');
    await signedIn.waitForURL(/\/battlecards\/[0-9a-f-]+$/);
    await shown(save);
    await tabTo(signedIn, (focus) => focus.startsWith(`input|${fields.name}`));
    await signedIn.keyboard.press('End');
    await signedIn.keyboard.type(' Renamed');
    await tabTo(signedIn, (focus) => focus.startsWith('button|') && focus.endsWith(`|${en.ra.action.save}`));
    await signedIn.keyboard.press('Enter');
    await signedIn.waitForURL(/\/show$/);
    await shown(signedIn.locator('main').getByText(`${name} Renamed`));

    // from the list, the row's link opens it
    await signedIn.goto(`${baseUrl}/battlecards`);
    await shown(signedIn.locator('main').getByRole('link', { name: `${name} Renamed` }));
    await tabTo(signedIn, (focus) => focus === `a||${name} Renamed`, 120);
    await signedIn.keyboard.press('Enter');
    await signedIn.waitForURL(/\/show$/);
    await tabTo(signedIn, (focus) => focus.startsWith('a|') && focus.endsWith(`|${en.ra.action.edit}`));
    await signedIn.keyboard.press('Enter');
    // As above, tabbing waits for the form: presses made while it loads land on the page being left.
    await signedIn.waitForURL(/\/battlecards\/[0-9a-f-]+$/);
    await shown(save);
    await tabTo(signedIn, (focus) => focus.startsWith('button|') && focus.endsWith(`|${en.ra.action.delete}`));
    await signedIn.keyboard.press('Enter');
    const confirm = signedIn.getByRole('dialog');
    await shown(confirm.getByRole('button', { name: en.ra.action.confirm }));
    await tabTo(signedIn, (focus) => focus.startsWith('button|') && focus.endsWith(`|${en.ra.action.confirm}`), 5);
    await signedIn.keyboard.press('Enter');
    await signedIn.waitForURL('**/battlecards');
    await shown(signedIn.locator('main').getByRole('link', { name: 'Gong', exact: true }));
    await expect.poll(() => signedIn.locator('main').getByText(`${name} Renamed`).count(), SHOWN_WITHIN).toBe(0);
  });
});

/** The demo's Gong battlecard (server/seed/seedBattlecards.ts). */
const DEMO_TALK_TRACK_START = 'Gong tells you what went wrong after the call.';
