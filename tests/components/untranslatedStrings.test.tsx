import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactElement } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/customPages/DashboardPage';
import { DictionaryPage } from '@/customPages/dictionary/DictionaryPage';
import { LoginPage } from '@/customPages/LoginPage';
import { SettingsPage } from '@/customPages/SettingsPage';
import { en } from '@/i18n/en';
import { LOCALES } from '@/i18n/locale';
import { PortalLayout } from '@/layout/PortalLayout';
import audit from '@/resources/audit';
import { ResourceList } from '@/resources/generic/ResourceList';
import { UserList } from '@/resources/users/UserList';
import { buildDictionaryProvider, buildItem, buildLandmine } from '../support/dictionaryFakes';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin, renderPublicPage } from '../support/render';
import { buildUser } from '../support/users';

vi.setConfig({ testTimeout: 20_000 });

type Node = string | { [key: string]: Node };

/** Wraps every text (each smart_count form) in ⟦…⟧, so a rendered text outside the brackets was not translated. */
const { pseudo } = vi.hoisted(() => {
  const wrap = (node: Node): Node =>
    typeof node === 'string'
      ? node
          .split('||||')
          .map((form) => (form.trim().startsWith('⟦') ? form.trim() : `⟦${form.trim()}⟧`))
          .join(' |||| ')
      : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, wrap(child)]));
  return { pseudo: wrap };
});

// The sign-in pages read appMessages through the tiny translate, outside react-admin: the
// catalogue module is the only seam they have, so it is the one thing replaced here.
vi.mock('@/i18n/appMessages', async (importOriginal) => {
  const { appMessages } = await importOriginal<typeof import('@/i18n/appMessages')>();
  return { appMessages: pseudo(appMessages) };
});

const pseudoI18nProvider = polyglotI18nProvider(() => pseudo(en as Node) as typeof en, 'en', [...LOCALES]);

const admin = buildAccount({ email: 'admin@salescoach.test' });

/**
 * Texts that are rightly not in the catalogue:
 * - each language's name in the language menu is written in that language, whatever the UI's;
 * - the avatar shows the signed-in email's initial, MUI marks a required field with an asterisk;
 * - bare numbers (rows-per-page options, page numbers);
 * - MUI's zero-width space that keeps an outlined field's empty legend in place.
 */
const ALLOWED = new Set([...LOCALES.map(({ name }) => name), admin.email.charAt(0).toUpperCase(), '*']);
const isAllowed = (text: string) => ALLOWED.has(text) || /^\d+$/.test(text) || /^\u200b+$/.test(text);

const users = [buildUser(), buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob User', role: 'user', isActive: false, lastLogin: null })];
const item = buildItem();
const landmine = buildLandmine();
const auditRow = {
  id: 1,
  at: '2025-03-05T10:30:00.000Z',
  actorUid: 'uid-1',
  actorEmail: admin.email,
  action: 'update',
  targetType: 'landmine',
  targetId: 'l1',
  changes: ['priority: low -> high'],
};

/** Every string of the fake data, as a screen may show it. */
const dataStrings = (...records: unknown[]): string[] =>
  records.flatMap((record) => {
    if (typeof record === 'string') return [record, ...record.split('\n')];
    if (typeof record === 'number') return [String(record)];
    if (record && typeof record === 'object') return dataStrings(...Object.values(record));
    return [];
  });

const FAKE_DATA = new Set([
  ...dataStrings(admin.email, users, item, landmine, auditRow),
  new Date(auditRow.at).toLocaleString('en'),
  ...users.flatMap((user) => [
    format(new Date(user.createdAt), 'MMM dd, yyyy'),
    ...(user.lastLogin ? [format(new Date(user.lastLogin), 'MMM dd, yyyy HH:mm')] : []),
  ]),
]);

/** The texts a user sees or hears: text nodes, placeholders and accessible labels. */
const visibleTexts = () => {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[data-testid="location"], style, script')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title]')) {
    for (const name of ['placeholder', 'aria-label', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => text.trim()).filter((text) => text !== '');
};

// A landmine point's context or reason shows in parentheses: punctuation, not words.
const isFakeData = (text: string) => FAKE_DATA.has(text.replace(/^\((.*)\)$/, '$1'));

const untranslated = () =>
  visibleTexts().filter((text) => !(text.startsWith('⟦') && text.endsWith('⟧')) && !isAllowed(text) && !isFakeData(text));

const renderScreen = (ui: ReactElement, options: Parameters<typeof renderInAdmin>[1] = {}) =>
  renderInAdmin(<PortalLayout>{ui}</PortalLayout>, {
    auth: buildFakeAuth({ users: [admin], signedInAs: admin.email }),
    i18nProvider: pseudoI18nProvider,
    ...options,
  });

describe('every user-visible string comes from the catalogue', () => {
  afterEach(cleanup);

  it('on the dashboard, with the top bar and the navigation', async () => {
    renderScreen(<DashboardPage />);
    await screen.findByRole('heading', { level: 1, name: '⟦Welcome to the Admin Portal⟧' });
    expect(untranslated()).toEqual([]);
  });

  it('on the settings page', async () => {
    renderScreen(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('switch', { name: '⟦Enable speech rate monitoring⟧' });
    expect(untranslated()).toEqual([]);
  });

  it('on the users list', async () => {
    const dataProvider = buildDataProvider({ getList: vi.fn(async () => ({ data: users, total: users.length })) as never });
    renderScreen(<UserList />, { dataProvider, path: '/users' });
    await screen.findByText('bob@example.test');
    expect(untranslated()).toEqual([]);
  });

  it('on the dictionary page, objections and landmines', async () => {
    const user = userEvent.setup();
    renderScreen(<DictionaryPage />, { dataProvider: buildDictionaryProvider({ objections: [item], landmines: [landmine] }), path: '/dictionary' });
    await screen.findByText(item.question);
    expect(untranslated()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: '⟦Landmines⟧' }));
    await screen.findByText(landmine.trigger);
    expect(untranslated()).toEqual([]);
  });

  it('on the audit log, a generated list', async () => {
    const dataProvider = buildDataProvider({ getList: vi.fn(async () => ({ data: [auditRow], total: 1 })) as never });
    renderScreen(
      <ResourceContextProvider value="audit">
        <ResourceList declaration={audit} />
      </ResourceContextProvider>,
      { dataProvider, path: '/audit' },
    );
    await screen.findByText(auditRow.changes[0]);
    expect(untranslated()).toEqual([]);
  });

  it('on the sign-in page', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { name: '⟦Sign In⟧' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
