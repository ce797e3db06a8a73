import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionDetailPage } from '@/resources/sessions/detail/SessionDetailPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildDetail, fakeLayout, renderDetail } from '../support/sessions';

const PATH = '/sessions/session-2025-03-05-abcdefghijkl';
const HOSTILE = '<img src=x onerror=alert(1)></script>';

interface Download {
  blob: Blob;
  name: string;
  href: string;
}

// jsdom has no object URLs and does not download: record what the browser would be handed,
// the Blob given to URL.createObjectURL and the link clicked with its download name.
let downloads: Download[] = [];
let revoked: string[] = [];
beforeAll(fakeLayout);
beforeEach(() => {
  downloads = [];
  revoked = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:report-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: (url: string) => revoked.push(url) });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const href = this.getAttribute('href') ?? '';
    const blob = blobs.get(href);
    if (blob && this.isConnected) downloads.push({ blob, name: this.download, href });
  });
});
afterEach(() => vi.restoreAllMocks());

const reportOf = async (download: Download) => new DOMParser().parseFromString(await download.blob.text(), 'text/html');

describe('SessionDetailPage: Download report', () => {
  it('downloads one HTML file named after the session, with the report and the session the page shows', async () => {
    const user = userEvent.setup();
    const detail = buildDetail({ transcripts: [{ timestamp: buildDetail().startTime, speaker: 'customer', text: HOSTILE }] });
    const getOne = vi.fn(async () => ({ data: detail }));
    renderDetail(PATH, getOne);
    await user.click(await screen.findByRole('button', { name: 'Download report' }));

    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download.name).toBe('Discovery-call-with-Acme-2025-03-05.html');
    expect(download.blob.type).toBe('text/html;charset=utf-8');
    const doc = await reportOf(download);
    expect(doc.querySelector('h1')?.textContent).toBe('Session report: Discovery call with Acme');
    expect(doc.querySelector('#transcript tbody')?.textContent).toContain(HOSTILE);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(JSON.parse(doc.getElementById('session-data')?.textContent ?? '')).toEqual(detail);
    // No new call: the report is built from the detail the page already read.
    expect(getOne).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(revoked).toEqual([download.href]));
  });

  it('is a button the keyboard reaches and uses', async () => {
    const user = userEvent.setup();
    renderDetail(
      PATH,
      vi.fn(async () => ({ data: buildDetail() })),
    );
    const button = await screen.findByRole('button', { name: 'Download report' });
    button.focus();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(downloads).toHaveLength(1);
    await user.keyboard(' ');
    expect(downloads).toHaveLength(2);
    expect(downloads.map((d) => d.name)).toEqual(['Discovery-call-with-Acme-2025-03-05.html', 'Discovery-call-with-Acme-2025-03-05.html']);
  });

  it('speaks the admin’s language: the French button gives a French report', async () => {
    const user = userEvent.setup();
    const dataProvider = buildDataProvider({
      getOne: vi.fn(async () => ({ data: buildDetail() })),
    } as unknown as Partial<PortalDataProvider>);
    renderInAdmin(
      <Routes>
        <Route path="/sessions/:sessionId" element={<SessionDetailPage />} />
      </Routes>,
      { dataProvider, path: PATH, i18nProvider: polyglotI18nProvider(() => fr, 'fr') },
    );
    await user.click(await screen.findByRole('button', { name: 'Télécharger le rapport' }));
    expect(downloads).toHaveLength(1);
    const doc = await reportOf(downloads[0]);
    expect(doc.documentElement.lang).toBe('fr');
    expect(doc.querySelector('h1')?.textContent).toBe('Rapport de session : Discovery call with Acme');
    expect(doc.querySelector('#detections')?.textContent).toContain('Objection sur le prix');
    expect(doc.querySelector('#summary')?.textContent).toContain('Terminée');
  });
});
