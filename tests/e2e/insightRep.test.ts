import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { axeViolations, describeNodes } from '../support/axe';
import { baseUrl, it } from '../support/e2e';

/**
 * A rep's page (/insights/reps/:rep): opened from the Insights Reps table and from Users, a flagged
 * figure read with its reason and followed to its calls, by pointer and by keyboard; axe-core in
 * both themes and both languages.
 */

const SHOWN = { timeout: 30_000 };
const FLAG = /Far (above|below) the team \((over|under) [^)]+\)|(Above|Below) target \((max|min) [^)]+\)/;

const repsTable = (page: Page) => page.getByRole('table', { name: en.app.insights.reps.table });
const figures = (page: Page) => page.getByRole('table', { name: en.app.insightRep.figures.table });

/** The sessions list shows only calls of `email`, and at least one. */
const expectCallsOf = async (page: Page, email: string) => {
  await page.waitForURL((url) => url.pathname === '/sessions');
  const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, string>;
  expect(filter.rep).toBe(email);
  const rows = page.locator('main tbody tr');
  await expect.poll(() => rows.count(), SHOWN).toBeGreaterThan(0);
  await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes(email)), SHOWN).toBe(true);
};

describe("a rep's page", () => {
  it('opens from the Reps table, reads a flagged figure with its reason, and follows it to the calls behind it', async ({ page }) => {
    await page.goto(`${baseUrl}/insights?period=90d`);
    const flagged = repsTable(page).locator('tbody tr').filter({ hasText: FLAG }).first();
    await flagged.waitFor(SHOWN);
    const reason = (await flagged.innerText()).match(FLAG)![0];
    const nameLink = flagged.locator('th a').first();
    const name = await nameLink.innerText();
    await nameLink.click();
    await page.waitForURL((url) => url.pathname.startsWith('/insights/reps/') && url.search === '?period=90d');
    const email = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { name, level: 2, exact: true }).waitFor(SHOWN);
    await page.locator('main').getByText(email, { exact: true }).first().waitFor();

    const row = figures(page).locator('tbody tr').filter({ hasText: reason }).first();
    await row.waitFor(SHOWN);
    const figureName = await row.locator('th').innerText();
    const link = row.getByRole('link', { name: new RegExp(`, ${figureName}: the calls behind it$`) });
    await link.click();
    await expectCallsOf(page, email);
  });

  it("opens from Users, and reaches a figure's calls by keyboard alone", async ({ page }) => {
    await page.goto(`${baseUrl}/users`);
    await page.getByPlaceholder('Search by email or name...').fill('Marco');
    await page.getByRole('link', { name: 'Coaching figures of Marco Bianchi' }).click();
    await page.waitForURL((url) => url.pathname === '/insights/reps/marco.bianchi%40salescoach.test');
    await expect.poll(() => page.locator('main').getByRole('heading', { level: 2 }).first().innerText(), SHOWN).toBe('Marco Bianchi');
    await page.locator('main').getByText('marco.bianchi@salescoach.test', { exact: true }).first().waitFor();
    const callsLink = figures(page).getByRole('link', { name: /, Calls: the calls behind it$/ });
    await callsLink.waitFor(SHOWN);

    let reached = false;
    for (let step = 0; step < 80 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await callsLink.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expectCallsOf(page, 'marco.bianchi@salescoach.test');
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'fr'] as const) {
      it(`has no serious or critical axe-core violation in the ${theme} theme in ${language}`, { timeout: 120_000 }, async ({ page }) => {
        await page.evaluate(
          ([themeName, locale]) => {
            localStorage.setItem('RaStore.theme', JSON.stringify(themeName));
            localStorage.setItem('RaStore.locale', JSON.stringify(locale));
          },
          [theme, language] as const,
        );
        await page.goto(`${baseUrl}/insights/reps/marco.bianchi%40salescoach.test?period=90d`);
        const catalogue = language === 'en' ? en : fr;
        for (const title of ['figures', 'weeks', 'objections', 'answers', 'landmines'] as const)
          await page.getByRole('heading', { name: catalogue.app.insightRep[title].title, exact: true }).waitFor(SHOWN);
        await page.getByRole('table', { name: catalogue.app.insightRep.figures.table }).locator('tbody tr').first().waitFor(SHOWN);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        const busy = page.locator('main [role="status"], main [role="progressbar"], main [aria-busy="true"]').filter({ visible: true });
        await expect.poll(() => busy.count(), SHOWN).toBe(0);
        const blocking = (await axeViolations(page)).filter((node) => node.impact === 'serious' || node.impact === 'critical');
        expect(describeNodes(blocking)).toBe('');
      });
    }
  }
});
