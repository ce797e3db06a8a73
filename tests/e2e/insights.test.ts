import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminFetch } from '../../scripts/bench/support';
import { simulateCall } from '../../scripts/simulateCall';
import { generateSession } from '../../server/seed/sessions';

import { it, baseUrl } from '../support/e2e';

const SECTIONS = ['Objections and FAQs', 'What the assistant did not know', 'Answers that help', 'Reps', 'Landmines'];

const pick = async (page: Page, filter: string, option: string) => {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The calls the Sessions list holds: its pager's total ("Showing 1 to 15 of 42 results"), or its rows when one page holds them all (no pager). */
const listTotal = async (page: Page) => {
  const pager = page.getByText(/^Showing \d+ to \d+ of \d+ results$/);
  if ((await pager.count()) > 0) return Number(/of (\d+) results/.exec(await pager.innerText())?.[1]);
  return page.locator('tbody tr').count();
};

/**
 * Waits until every section shows the figures of the current filters: while a filter's figures
 * load, the previous ones stay on screen under aria-busy, and their links count other calls.
 */
const settled = async (page: Page) => {
  await expect
    .poll(async () => (await page.locator('[aria-busy="true"]').count()) + (await page.getByRole('progressbar').count()), {
      timeout: 30_000,
    })
    .toBe(0);
};

/**
 * A figure, once its link names the period `from` starts: each section's figures and links come
 * from one answer, and the previous filters' answer stays shown until the new one is here (a
 * moment after the address changes, before the section is even marked busy).
 */
const figureOf = async (link: ReturnType<Page['getByRole']>, from: string) => {
  const fromOfLink = async () =>
    JSON.parse(new URL((await link.getAttribute('href')) ?? '', baseUrl).searchParams.get('filter') ?? '{}').from;
  await expect.poll(fromOfLink, { timeout: 30_000 }).toBe(from);
  return Number(await link.innerText());
};

/** Follows a figure's link and checks the Sessions list holds exactly the calls it counted. */
const followCallsLink = async (page: Page, link: ReturnType<Page['getByRole']>, calls: number) => {
  await link.click();
  await page.waitForURL('**/sessions?**');
  await page.locator('tbody tr').first().waitFor();
  await expect.poll(() => listTotal(page), { timeout: 15_000 }).toBe(calls);
  await page.goBack();
  await page.waitForURL('**/insights**');
  await settled(page);
};

describe('Insights', () => {
  it('shows the five parts on the demo calls, and each figure opens the calls behind it', { timeout: 180_000 }, async ({ page }) => {
    page.setDefaultTimeout(20_000);
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL('**/insights**');
    await pick(page, 'Period', 'Last 90 days');
    await page.waitForURL(/period=90d/);
    for (const title of SECTIONS) await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    await settled(page);
    // the 90 days the server counts, as its answers name them
    const { data: counted } = (await adminFetch(page, '/api/insights/items?period=90d')) as { data: { period: { from: string } } };
    const from = counted.period.from;

    // Objections and FAQs: the most detected item's calls link lists that many sessions.
    const items = page.getByRole('table', { name: 'Objections and FAQs, most detected first' });
    const itemCalls = items.getByRole('link', { name: /^\d+ calls? with “/ }).first();
    await itemCalls.waitFor();
    await followCallsLink(page, itemCalls, await figureOf(itemCalls, from));
    await expect.poll(() => page.url()).toContain('period=90d');

    // New inquiries: a group with the dictionary actions.
    const inquiries = page.getByRole('table', { name: 'New inquiries, largest group first' });
    await inquiries.locator('tbody tr').first().waitFor();
    await inquiries
      .getByRole('button', { name: /Add as FAQ/ })
      .first()
      .waitFor();
    const inquiryCalls = inquiries.getByRole('link', { name: /^\d+ calls? with “/ }).first();
    await followCallsLink(page, inquiryCalls, await figureOf(inquiryCalls, from));

    // Answers that help: a figure with its interval, or the number of cases when too few.
    const answers = page.getByRole('region', { name: 'Answers that help' });
    await answers
      .getByText(/All answers: /)
      .first()
      .waitFor();

    // Reps: a rep's calls link opens that rep's calls of the period.
    const reps = page.getByRole('table', { name: 'Reps, most calls first' });
    const repCalls = reps.getByRole('link', { name: /^\d+ calls? by / }).first();
    await repCalls.waitFor();
    await followCallsLink(page, repCalls, await figureOf(repCalls, from));

    // Landmines: a trigger's hits link opens the calls where it was triggered.
    const landmines = page.getByRole('table', { name: 'Landmines, most triggered first' });
    const landmineCalls = landmines.getByRole('link', { name: /^\d+ calls? with “/ }).first();
    await landmineCalls.waitFor();
    await followCallsLink(page, landmineCalls, await figureOf(landmineCalls, from));
  });

  it('follows the headline to the calls behind it', { timeout: 120_000 }, async ({ page }) => {
    page.setDefaultTimeout(20_000);
    await page.goto(`${baseUrl}/insights?period=90d`);
    const headline = page.getByRole('region', { name: 'This period at a glance' });
    await headline.getByRole('figure', { name: 'Top objections and FAQs per 100 calls, week by week' }).waitFor();
    await settled(page);
    const { data: counted } = (await adminFetch(page, '/api/insights/inquiries?period=90d')) as {
      data: { period: { from: string }; groups: { label: string; calls: number }[] };
    };
    const [largest] = counted.groups;
    const unknown = headline.getByRole('group', { name: 'Largest unknown questions' }).getByRole('listitem').first();
    await expect.poll(() => unknown.innerText()).toBe(`${largest.label} in ${largest.calls} call${largest.calls === 1 ? '' : 's'}`);
    await followCallsLink(page, unknown.getByRole('link'), largest.calls);
  });

  it("reads the dashboard's live figures on the demo, each opening where it comes from", { timeout: 120_000 }, async ({ page }) => {
    page.setDefaultTimeout(20_000);
    await page.goto(`${baseUrl}/dashboard`);
    const { data: items } = (await adminFetch(page, '/api/insights/items?period=7d')) as { data: { period: { calls: number } } };
    const { data: config } = (await adminFetch(page, '/api/admin/config-version')) as { data: { version: number } };
    const figure = (label: string) => page.getByRole('listitem').filter({ hasText: label }).getByRole('link');
    await expect.poll(() => figure('Configuration version').innerText()).toBe(String(config.version));
    expect(await figure('Embedding model').innerText()).not.toBe('');
    const calls = figure('Calls in the last 7 days');
    await expect.poll(async () => Number(await calls.innerText())).toBe(items.period.calls);
    await calls.click();
    await page.waitForURL('**/sessions?**');
    await expect.poll(() => listTotal(page), { timeout: 15_000 }).toBe(items.period.calls);
    await page.goBack();
    await figure('Reps to watch, last 7 days').click();
    await page.waitForURL('**/insights?period=7d#insights-reps');
    await expect.poll(() => page.getByRole('button', { name: 'Reps', exact: true }).getAttribute('aria-expanded')).toBe('true');
  });

  it('counts a call streamed through the assistant API as soon as it completes', async ({ page }) => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Insights' }).waitFor();
    const created = (await adminFetch(page, '/api/admin/api-keys', {
      name: `E2E insights ${Date.now().toString(36)}`,
      scopes: ['config:read', 'sessions:write'],
    })) as { data: { key: string } };
    const seed = 31;
    const rep = generateSession(0, { seed, now: Date.now(), transcripts: 30 }).userEmail;
    const repCalls = page
      .getByRole('table', { name: 'Reps, most calls first' })
      .getByRole('link', { name: new RegExp(`^\\d+ calls? by ${rep}$`) });
    const callsNow = async () => ((await repCalls.count()) === 0 ? 0 : Number(await repCalls.innerText()));

    await page.goto(`${baseUrl}/insights?period=7d&rep=${encodeURIComponent(rep)}`);
    await page.getByRole('heading', { name: 'Reps', level: 2 }).waitFor();
    await page
      .getByRole('region', { name: 'Reps' })
      .getByRole('status')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await expect
      .poll(async () => (await repCalls.count()) > 0 || (await page.getByText('No rep had a finished call in this period.').count()) > 0)
      .toBe(true);
    const before = await callsNow();

    const sessionId = await simulateCall({
      key: created.data.key,
      url: baseUrl,
      speed: Infinity,
      transcripts: 30,
      seed,
      batch: 50,
      log: () => {},
    });
    await page.reload();
    await expect.poll(callsNow, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1);
    await repCalls.click();
    await page.waitForURL('**/sessions?**');
    await page.getByPlaceholder('Search sessions...').fill(sessionId);
    await page.locator('tbody tr').filter({ hasText: 'Completed' }).first().waitFor();
  });
});
