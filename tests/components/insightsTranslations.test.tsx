import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it, vi } from 'vitest';
import { InsightsPage } from '@/customPages/insights/InsightsPage';
import { en } from '@/i18n/en';
import { LOCALES } from '@/i18n/locale';
import { PortalLayout } from '@/layout/PortalLayout';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { insightAnswers, insightsServer } from '../support/insightsFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { visibleTexts } from '../support/visibleTexts';

type Node = string | { [key: string]: Node };

/** Every text of the catalogue (each smart_count form) in ⟦…⟧: a text shown outside the brackets was not translated. */
const pseudo = (node: Node): Node =>
  typeof node === 'string'
    ? node
        .split('||||')
        .map((form) => `⟦${form.trim()}⟧`)
        .join(' |||| ')
    : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, pseudo(child)]));

const admin = buildAccount({ email: 'admin@salescoach.test' });

/** Every string of the fakes, as the page may show it. */
const dataStrings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(dataStrings);
  return [];
};
const FAKE_DATA = new Set([
  admin.email,
  admin.email.charAt(0).toUpperCase(),
  ...Object.values(insightAnswers).flatMap((build) => dataStrings(build())),
]);
/** Numbers as Intl writes them, signed or not: the page's figures without a unit. */
const NUMBER = /^[+\u2212-]?\d{1,3}(,\d{3})*(\.\d+)?$/;
/** Weeks as the date pattern writes them (the trend chart's table): formatted, not catalogue texts. */
const WEEK = /^[A-Z][a-z]{2} \d{2}$/;
const ALLOWED = new Set([...LOCALES.map(({ name }) => name), '*']);

const untranslated = () =>
  visibleTexts().filter(
    (text) =>
      !(text.startsWith('⟦') && text.endsWith('⟧')) &&
      !NUMBER.test(text) &&
      !WEEK.test(text) &&
      !FAKE_DATA.has(text) &&
      !ALLOWED.has(text) &&
      !/^\u200b+$/.test(text),
  );

describe('every text of the Insights page comes from the catalogue', { timeout: 30_000 }, () => {
  it('with figures in every section, the filters, the menu and the top bar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = insightsServer();
    renderInAdmin(
      <PortalLayout>
        <InsightsPage />
      </PortalLayout>,
      {
        auth: buildFakeAuth({ users: [admin], signedInAs: admin.email }),
        dataProvider: buildDataProvider({ getInsights: server.getInsights }),
        i18nProvider: polyglotI18nProvider(() => pseudo(en as Node) as typeof en, 'en', [...LOCALES]),
        path: '/insights?from=2026-03-02&to=2026-03-31',
      },
    );
    const landmines = await screen.findByRole('region', { name: '⟦Landmines⟧' }, { timeout: 10_000 });
    await within(landmines).findByText('We guarantee results', {}, { timeout: 10_000 });
    await within(screen.getByRole('region', { name: '⟦Reps⟧' })).findByText('pat@example.test');
    expect(untranslated()).toEqual([]);

    // the rep list of the filters
    await userEvent.setup().click(screen.getByRole('combobox', { name: '⟦Rep⟧' }));
    await screen.findByRole('option', { name: 'sam@example.test' });
    expect(untranslated()).toEqual([]);
  });
});
