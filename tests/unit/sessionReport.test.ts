// The report is parsed the way a browser reads the downloaded file.
// @vitest-environment jsdom
import { enUS, fr as frLocale } from 'date-fns/locale';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { buildSessionReport, embedJson, escapeHtml, reportFileName, type ReportWords } from '@/resources/sessions/detail/sessionReport';
import { en } from '@/i18n/en';
import { fr } from '@/i18n/fr';
import { formatStartTime } from '@/resources/sessions/formatDuration';
import { createSessionFormat } from '@/resources/sessions/useSessionFormat';
import { buildDetail } from '../support/sessions';

const HOSTILE = '<img src=x onerror=alert(1)></script><!-- <script>alert(2)</script> & "quoted" \u2028';

/** The words of the report as the page passes them, in `language`, with a worded category label. */
const wordsIn = (language: 'en' | 'fr'): ReportWords => {
  const { translate } = polyglotI18nProvider((locale) => (locale === 'fr' ? fr : en), language);
  const categoryLabel = (category: string) => translate(`app.sessions.categories.${category}`, { _: category });
  return {
    translate,
    dateLocale: language === 'fr' ? frLocale : enUS,
    format: createSessionFormat(language, translate),
    categoryLabel,
    now: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  };
};

const hostileDetail = () =>
  buildDetail({
    sessionName: `Call ${HOSTILE}`,
    userEmail: `x${HOSTILE}@example.test`,
    metadata: { roomName: HOSTILE },
    transcripts: [
      { timestamp: '2025-03-05T10:00:00.000Z', speaker: 'customer', text: HOSTILE },
      { timestamp: '2025-03-05T10:00:05.000Z', speaker: 'salesperson', text: 'Fine </script><script>alert(3)</script>' },
    ],
    detectedObjections: [
      { timestamp: '2025-03-05T10:00:10.000Z', category: 'PRICE_OBJECTION', relevance_score: 0.9, question: HOSTILE, answer: HOSTILE },
    ],
  });

/** Parses the report as a browser would; DOMParser runs no script, as the file itself runs none. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the session report: escaping', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('shows hostile session texts as text: no element, attribute or script comes out of them', () => {
    const doc = parse(buildSessionReport(hostileDetail(), wordsIn('en')));
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelector('script')?.getAttribute('type')).toBe('application/json');
    expect([...doc.querySelectorAll('*')].some((el) => el.hasAttribute('onerror'))).toBe(false);
    expect(doc.querySelector('#transcript')?.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(doc.querySelector('#detections')?.textContent).toContain('<!-- <script>alert(2)</script>');
    expect(doc.querySelector('h1')?.textContent).toBe(`Session report: Call ${HOSTILE}`);
    expect(doc.querySelector('#summary')?.textContent).toContain(`x${HOSTILE}@example.test`);
  });

  it('keeps </script> and <!-- inside the JSON from ending or altering the data element', () => {
    const json = embedJson({ text: HOSTILE });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: HOSTILE });
    const html = buildSessionReport(hostileDetail(), wordsIn('en'));
    const data = html.slice(html.indexOf('<script type="application/json"'));
    expect(data.match(/<\/script>/gi)).toHaveLength(1);
    expect(data).not.toContain('<!--');
  });

  it('loads nothing and runs nothing: a policy that forbids both, no outside address', () => {
    const html = buildSessionReport(buildDetail(), wordsIn('en'));
    const policy = parse(html).querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(policy).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(html).not.toMatch(/https?:\/\/|@import|url\(|<link|src=/i);
  });
});

describe('the session report: content', () => {
  it('holds the full session as JSON that reads back as the same session', () => {
    for (const session of [buildDetail(), hostileDetail()]) {
      const doc = parse(buildSessionReport(session, wordsIn('en')));
      const data = doc.getElementById('session-data');
      expect(data?.tagName).toBe('SCRIPT');
      expect(JSON.parse(data?.textContent ?? '')).toEqual(session);
    }
  });

  it('has the summary, statistics, detections with answers, speech alerts and the transcript', () => {
    const session = buildDetail({ configVersion: 7 });
    const doc = parse(buildSessionReport(session, wordsIn('en')));
    expect([...doc.querySelectorAll('section h2')].map((h) => h.textContent)).toEqual([
      'Summary',
      'Statistics',
      'Detections and suggested answers',
      'Speech alerts',
      'Transcript',
    ]);
    const summary = doc.querySelector('#summary')?.textContent;
    for (const fact of [
      'Discovery call with Acme',
      'sam@example.test',
      'Room Alpha',
      formatStartTime(session.startTime, enUS),
      '12m 34s',
      'Completed',
      'Configuration version 7',
    ]) {
      expect(summary).toContain(fact);
    }
    const statistics = doc.querySelector('#statistics')?.textContent;
    expect(statistics).toContain('Response rate88%');
    expect(statistics).toContain('Objections3');
    const detections = [...doc.querySelectorAll('#detections tbody tr')].map((row) => row.textContent);
    expect(detections).toHaveLength(3);
    expect(detections[0]).toContain('Pricing objection');
    expect(detections[0]).toContain('87%');
    expect(detections[0]).toContain('Acknowledge the concern.\n- Show the payback\n- Offer a pilot');
    expect(detections[2]).toContain('No suggested answer');
    expect(doc.querySelector('#alerts tbody')?.textContent).toContain('212 words per minute, over the limit of 150 words per minute');
    const transcript = [...doc.querySelectorAll('#transcript tbody tr')].map((row) => row.textContent);
    expect(transcript).toHaveLength(4);
    expect(transcript[1]).toBe('0:20CustomerHonestly the price. The price is too high for us.');
  });

  it('says so when a section is empty', () => {
    const doc = parse(
      buildSessionReport(
        buildDetail({ transcripts: [], detectedObjections: [], detectedFAQs: [], newInquiries: [], speechRateAnalysis: null }),
        wordsIn('en'),
      ),
    );
    expect(doc.querySelector('#detections')?.textContent).toContain('No detections.');
    expect(doc.querySelector('#alerts')?.textContent).toContain('No speech-rate alerts in this session.');
    expect(doc.querySelector('#transcript')?.textContent).toContain('No transcript.');
  });

  it('prints cleanly: black on white, no row broken across pages', () => {
    const html = buildSessionReport(buildDetail(), wordsIn('en'));
    const print = html.slice(html.indexOf('@media print'));
    expect(print).toMatch(/tr,dt,dd\{break-inside:avoid;page-break-inside:avoid\}/);
    expect(print).toMatch(/body\{[^}]*color:#000;background:#fff/);
  });

  it('speaks French with French dates, numbers and category labels', () => {
    const session = buildDetail({ configVersion: 3 });
    const doc = parse(buildSessionReport(session, wordsIn('fr')));
    expect(doc.documentElement.lang).toBe('fr');
    expect(doc.querySelector('h1')?.textContent).toBe('Rapport de session : Discovery call with Acme');
    expect([...doc.querySelectorAll('section h2')].map((h) => h.textContent)).toEqual([
      'Résumé',
      'Statistiques',
      'Détections et réponses suggérées',
      'Alertes de débit',
      'Transcription',
    ]);
    const summary = doc.querySelector('#summary')?.textContent;
    expect(summary).toContain(formatStartTime(session.startTime, frLocale));
    expect(summary).toContain('12\u00a0min 34\u00a0s');
    expect(summary).toContain('Terminée');
    expect(doc.querySelector('#detections')?.textContent).toContain('Objection sur le prix');
    expect(doc.querySelector('#transcript tbody')?.textContent).toContain('Client');
    expect(doc.querySelector('.made')?.textContent).toMatch(/^Rapport établi le 2 janv\. 2026/);
  });
});

describe('the report file name', () => {
  it('is the session name and day, in safe characters only', () => {
    expect(reportFileName(buildDetail())).toBe('Discovery-call-with-Acme-2025-03-05.html');
    expect(reportFileName({ sessionName: '../../etc/passwd <x>: Café "é"', sessionId: 's1', startTime: 'bad' })).toBe(
      'etc-passwd-x-Cafe-e.html',
    );
    expect(reportFileName({ sessionName: '///', sessionId: 'session-1', startTime: '' })).toBe('session-1.html');
    expect(reportFileName({ sessionName: '', sessionId: '', startTime: '' })).toBe('session.html');
  });
});
