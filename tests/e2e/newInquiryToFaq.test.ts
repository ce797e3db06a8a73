import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { axeViolations, describeNodes } from '../support/axe';
import { it, baseUrl } from '../support/e2e';

const OTHER_KINDS = ['Transcripts', 'Objections', 'FAQs', 'Speech alerts', 'Landmines', 'Competitors'];

/** The timeline narrowed to new inquiries (the kind toggles the Timeline tab offers). */
const onlyInquiries = async (page: Page) => {
  for (const name of OTHER_KINDS) {
    const toggle = page.getByRole('group', { name: 'Show' }).getByRole('button', { name });
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  }
};

/**
 * The seeded sessions, from the first of the list on, until one has a new inquiry on its
 * timeline; resolves once its "Add as FAQ" button shows.
 */
const openSessionWithInquiry = async (page: Page) => {
  await page.goto(`${baseUrl}/sessions`);
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await page.waitForURL('**/sessions/*');
  const timeline = page.getByRole('list', { name: 'Session timeline' });
  const addAsFaq = timeline.getByRole('button', { name: 'Add as FAQ' }).first();
  for (let tries = 0; tries < 20; tries += 1) {
    await timeline.waitFor();
    await onlyInquiries(page);
    await Promise.race([addAsFaq.waitFor(), timeline.getByText('Nothing to show on the timeline.').waitFor()]);
    if (await addAsFaq.isVisible()) return timeline;
    const heading = await page.getByRole('heading', { level: 2 }).first().innerText();
    await page.getByRole('link', { name: 'Next session' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().innerText()).not.toBe(heading);
  }
  throw new Error('no seeded session with a new inquiry among the first 20');
};

describe('a new inquiry becomes an FAQ in the browser (learn from calls)', () => {
  it("adds a session's new inquiry as an FAQ and finds it on the Dictionary page", async ({ page }) => {
    const timeline = await openSessionWithInquiry(page);
    const inquiry = timeline
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Add as FAQ' }) })
      .first();
    await inquiry.getByRole('button', { name: 'Add as variation of ...' }).waitFor();

    const inquiryText = await inquiry.innerText();
    await inquiry.getByRole('button', { name: 'Add as FAQ' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add Original FAQ' }).waitFor();
    const question = await dialog.getByRole('textbox', { name: 'Question', exact: true }).inputValue();
    expect(question).not.toBe('');
    expect(inquiryText).toContain(question);
    // the seeded inquiries have no suggested answer: the admin writes it
    const answer = `Not yet: our solutions team follows up by email (e2e ${Date.now()}).`;
    await dialog.getByRole('textbox', { name: 'Answer', exact: true }).fill(answer);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Item added successfully. Embeddings will be generated automatically.').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    // the row of that inquiry now says so, in place of its buttons
    const row = timeline.getByRole('listitem').filter({ hasText: question }).filter({ hasText: 'Added as FAQ' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Add as FAQ' }).count()).toBe(0);

    await row.getByRole('link', { name: 'Open in Dictionary' }).click();
    await page.waitForURL('**/dictionary?*');
    expect(await page.getByRole('tab', { name: 'FAQs' }).getAttribute('aria-selected')).toBe('true');
    const item = page.getByTestId('item-row').filter({ hasText: question });
    await item.waitFor();
    expect(await item.innerText()).toContain(answer);

    // and from the navigation, as any admin would look for it
    await page.getByRole('link', { name: 'Dictionary' }).click();
    await page.getByRole('tab', { name: 'FAQs' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(question);
    await page.getByTestId('item-row').filter({ hasText: answer }).waitFor();

    // On Insights its group has left the open list for the added ones (WCAG 2.2 AA there too).
    await page.goto(`${baseUrl}/insights?period=90d`);
    const link = `/dictionary?${new URLSearchParams({ tab: 'faqs', search: question })}`;
    const entry = page
      .getByRole('list', { name: 'Added to the dictionary' })
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="${link}"]`) });
    await entry.waitFor();
    const [label] = (await entry.innerText()).split('\n');
    expect(await entry.innerText()).toContain('Added as FAQ');
    const open = page.getByRole('table', { name: 'New inquiries, largest group first' });
    await open.locator('tbody tr').first().waitFor();
    expect(await open.getByRole('rowheader', { name: label, exact: true }).count()).toBe(0);
    const serious = (await axeViolations(page)).filter((node) => node.impact === 'serious' || node.impact === 'critical');
    expect(serious, describeNodes(serious)).toEqual([]);
  });

  it('keeps the "Add as variation of ..." menu inside a narrow window once its answer arrives', async ({ signedIn }) => {
    const { page } = await signedIn('admin@salescoach.test', { width: 400, height: 760 });
    const timeline = await openSessionWithInquiry(page);
    const open = timeline.getByRole('button', { name: 'Add as variation of ...' }).last();
    await open.scrollIntoViewIfNeeded();
    await open.click();
    const menu = page.getByTestId('variation-picker').locator('.MuiPaper-root');
    await menu.waitFor();
    await expect
      .poll(() => page.getByTestId('variation-picker').getByRole('menu').getAttribute('aria-busy'), { timeout: 30_000 })
      .toBe('false');
    // the popover is placed again for its new size on the next frame
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box ? Math.round(box.x) >= 0 && Math.round(box.x + box.width) <= 400 : false;
      })
      .toBe(true);
  });
});
