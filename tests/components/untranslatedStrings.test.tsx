import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactElement } from 'react';
import { HttpError, memoryStore, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ID_PREVIEW_LENGTH } from '@/config';
import { DashboardPage } from '@/customPages/dashboard/DashboardPage';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { SuggestionsPage } from '@/resources/dictionary/suggestions/SuggestionsPage';
import { LoginPage } from '@/customPages/auth/LoginPage';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import { en } from '@/i18n/en';
import { LOCALES } from '@/i18n/locale';
import { PortalLayout } from '@/layout/PortalLayout';
import { ApiKeyList } from '@/resources/apiKeys/ApiKeyList';
import audit from '@/resources/audit';
import { ResourceList } from '@/resources/generic/ResourceList';
import { SessionList } from '@/resources/sessions/SessionList';
import { SESSION_LIST_STORE_KEY } from '@/resources/sessions/sessionNavigation';
import { UserList } from '@/resources/users/UserList';
import { buildDictionaryProvider, buildItem, buildLandmine } from '../support/dictionaryFakes';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin, renderPublicPage } from '../support/render';
import { visibleTexts } from '../support/visibleTexts';
import { buildDetail, buildLandmineHit, buildSession, fakeLayout } from '../support/sessions';
import { buildUser } from '../support/users';

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
 * - bare numbers as Intl writes them in English (rows-per-page options, page numbers, counts,
 *   chart ticks and values such as 1,250 or -0.5); a number with a unit ('%', 'wpm', 'm s')
 *   is not bare and comes from the catalogue;
 * - a moment of a call as m:ss or h:mm:ss (the timeline, the sentiment entries);
 * - MUI's zero-width space that keeps an outlined field's empty legend in place.
 */
const ALLOWED = new Set([...LOCALES.map(({ name }) => name), admin.email.charAt(0).toUpperCase(), '*']);
const BARE_NUMBER = /^-?\d{1,3}(,\d{3})*(\.\d+)?$/;
const CALL_OFFSET = /^(\d+:)?\d+:\d{2}$/;
const isAllowed = (text: string) => ALLOWED.has(text) || BARE_NUMBER.test(text) || CALL_OFFSET.test(text) || /^\u200b+$/.test(text);

const users = [
  buildUser(),
  buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob User', role: 'user', isActive: false, lastLogin: null }),
];
const item = buildItem();
const landmine = buildLandmine();
const auditRow = {
  id: 1,
  at: '2025-03-05T10:30:00.000Z',
  actorUid: 'uid-1',
  actorEmail: admin.email,
  action: 'landmine.update',
  targetType: 'landmine',
  targetId: 'l1',
  changes: ['priority: low → high'],
};

// An answer's line keeps its words; its list marker ('- ', '1. ') is drawn as '• ' (spec 3).
const LIST_MARKER = /^\s*(?:[-*•●▪]|\d+[.)])\s+/;

/** Every string of the fake data, as a screen may show it. */
const dataStrings = (...records: unknown[]): string[] =>
  records.flatMap((record) => {
    if (typeof record === 'string') return [record, ...record.split('\n').flatMap((line) => [line, line.replace(LIST_MARKER, '• ')])];
    if (typeof record === 'number') return [String(record)];
    if (record && typeof record === 'object') return dataStrings(...Object.values(record));
    return [];
  });

const sessions = [
  buildSession(),
  buildSession({
    _id: 'm2',
    sessionId: 'session-2025-03-06-mnopqrstuvwx',
    sessionName: 'Renewal with Globex',
    status: 'failed',
    metadata: {},
    duration: 3725,
  }),
  buildSession({
    _id: 'm3',
    sessionId: 'session-2025-03-07-yzabcdefghij',
    sessionName: 'Pilot kick-off',
    status: 'in_progress',
    duration: 42,
  }),
];
const detail = buildDetail({ landmines: [buildLandmineHit(45)] });
const apiKey = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Live assistant',
  scopes: ['config:read', 'sessions:write'],
  prefix: 'scak_Ab3dE9x',
  createdByUid: 'uid-1',
  createdByEmail: admin.email,
  createdAt: '2025-03-05T10:30:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const SESSION_PATH = `/sessions/${detail.sessionId}`;

const FAKE_DATA = new Set([
  ...dataStrings(admin.email, users, item, landmine, auditRow, sessions, detail, apiKey),
  format(new Date(apiKey.createdAt), 'MMM dd, yyyy HH:mm'),
  ...[...sessions, detail].flatMap((session) => [
    session.sessionId.slice(0, SESSION_ID_PREVIEW_LENGTH),
    format(new Date(session.startTime), 'MMM dd, yyyy HH:mm'),
  ]),
  new Date(auditRow.at).toLocaleString('en'),
  ...users.flatMap((user) => [
    format(new Date(user.createdAt), 'MMM dd, yyyy'),
    ...(user.lastLogin ? [format(new Date(user.lastLogin), 'MMM dd, yyyy HH:mm')] : []),
  ]),
]);

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
    await screen.findByRole('heading', { level: 2, name: '⟦Welcome to the Admin Portal⟧' });
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
    renderScreen(<DictionaryPage />, {
      dataProvider: buildDictionaryProvider({ objections: [item], landmines: [landmine] }),
      path: '/dictionary',
    });
    await screen.findByText(item.question);
    expect(untranslated()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: '⟦Landmines⟧' }));
    await screen.findByText(landmine.trigger);
    expect(untranslated()).toEqual([]);
  });

  it('on the suggested variations screen', async () => {
    const suggestion = {
      id: String(item.id),
      text: 'can it plug into our salesforce',
      score: 0.52,
      reason: 'tooClose' as const,
      runnerUp: item.question,
    };
    const at = {
      ...suggestion,
      sessionId: sessions[0].sessionId,
      sessionName: sessions[0].sessionName,
      startTime: sessions[0].startTime,
      calls: 2,
    };
    const dataProvider = buildDataProvider({
      getVariationSuggestions: vi.fn(async () => ({
        total: 1,
        items: [{ id: String(item.id), kind: 'faq' as const, question: item.question, category: item.category, suggestions: [at] }],
      })),
    });
    renderScreen(<SuggestionsPage />, { dataProvider, path: '/dictionary/suggestions' });
    await screen.findByRole('region', { name: item.question });
    expect(untranslated()).toEqual([]);
  });

  it('on the Service Keys screen', async () => {
    const dataProvider = buildDataProvider({ getList: vi.fn(async () => ({ data: [apiKey], total: 1 })) as never });
    renderScreen(<ApiKeyList />, { dataProvider, path: '/service-keys' });
    await screen.findByText(apiKey.name);
    expect(untranslated()).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: '⟦Create key⟧' }));
    await screen.findByRole('dialog');
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
    // the generated list mounts its filters and datagrid before the first page: slower than a custom screen
    await screen.findByText('⟦Landmine updated⟧', {}, { timeout: 10_000 });
    expect(untranslated()).toEqual([]);
  });

  describe('on the sessions screens', () => {
    // The timeline is virtualised: jsdom lays nothing out, so these tests lend it a viewport
    // (as the sessions tests do) and give the other tests their jsdom back afterwards.
    const LAYOUT = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth', 'scrollTop', 'scrollTo'];
    let jsdomLayout: [string, PropertyDescriptor | undefined][] = [];
    beforeAll(() => {
      jsdomLayout = LAYOUT.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]);
      fakeLayout();
    });
    afterAll(() => {
      for (const [name, descriptor] of jsdomLayout) {
        if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
        else Reflect.deleteProperty(HTMLElement.prototype, name);
      }
    });
    afterEach(() => sessionStorage.clear());

    it('on the sessions list, with its pagination', async () => {
      const getList = vi.fn(async () => ({ data: sessions, total: 40 }));
      renderScreen(<SessionList />, { dataProvider: buildDataProvider({ getList } as never), path: '/sessions' });
      await screen.findByText('Renewal with Globex');
      expect(untranslated()).toEqual([]);
    });

    const renderDetail = (
      getOne: (...args: never[]) => Promise<unknown>,
      { getList, store }: Parameters<typeof renderScreen>[1] & { getList?: unknown } = {},
    ) =>
      renderScreen(
        <Routes>
          <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
        </Routes>,
        { dataProvider: buildDataProvider({ getOne, getList } as never), path: SESSION_PATH, store },
      );

    it('on the session detail, each of its four tabs', async () => {
      const user = userEvent.setup();
      // the list last shown, with this session between two others: the walk shows too
      const listed = ['before', detail.sessionId, 'after'].map((sessionId) => ({ ...buildSession({ sessionId }), id: sessionId }));
      renderDetail(
        vi.fn(async () => ({ data: detail })),
        {
          getList: vi.fn(async () => ({ data: listed, total: 3 })),
          store: memoryStore({ [SESSION_LIST_STORE_KEY]: { page: 1, perPage: 15, sort: 'id', order: 'DESC', filter: {} } }),
        },
      );
      const timeline = await screen.findByRole('list', { name: '⟦Session timeline⟧' });
      await waitFor(() => expect(within(timeline).getAllByRole('listitem').length).toBeGreaterThan(5));
      await screen.findByRole('link', { name: /Next session/ });
      expect(untranslated()).toEqual([]);

      await user.type(screen.getByRole('searchbox', { name: '⟦Search transcript⟧' }), 'price');
      await screen.findByText(/^⟦1 of 3 matches/);
      expect(untranslated()).toEqual([]);

      const tabs: [string, string][] = [
        ['⟦Sentiment Analysis⟧', '⟦Sentiment over the call⟧'],
        ['⟦Speech Rate⟧', '⟦Words per minute over the call⟧'],
        ['⟦Statistics⟧', '⟦Talk ratio (share of words)⟧'],
      ];
      for (const [tab, chart] of tabs) {
        await user.click(screen.getByRole('tab', { name: tab }));
        const figure = await screen.findByRole('figure', { name: chart }, { timeout: 10_000 });
        // the drawing itself, not only the figure's title: ticks, legend and labels are text too
        await waitFor(() => expect(figure.querySelectorAll('svg text').length).toBeGreaterThan(0));
        expect(untranslated()).toEqual([]);
      }
    });

    it('on the session detail of a session that is not there', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderDetail(vi.fn(async () => Promise.reject(new HttpError('Not found', 404, { error: 'NOT_FOUND', message: 'Not found' }))));
      expect(await screen.findByRole('alert')).toHaveTextContent('⟦Session not found⟧');
      expect(untranslated()).toEqual([]);
    });
  });

  it('on the sign-in page', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { name: '⟦Sign In⟧' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
