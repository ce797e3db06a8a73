import type { Locale } from 'date-fns';
import { formatDateTime } from '@/i18n/dateFormat';
import { formatOffset, formatStartTime } from '@/resources/sessions/formatDuration';
import { repLabel } from '@/resources/sessions/repLabel';
import type { Detection, SessionDetail } from '@/resources/sessions/sessionTypes';
import type { createSessionFormat } from '@/resources/sessions/useSessionFormat';
import { alertWording } from './chartSeries';
import { talkRatio } from './sessionStats';
import { toMillis } from './timeline';

/**
 * Session texts are untrusted: every value goes through `escapeHtml`, the JSON through `embedJson`, and the page's
 * policy runs no script and fetches nothing (docs/security.md: stored text renders as text, never HTML).
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ReportWords {
  translate: Translate;
  dateLocale: Locale;
  format: ReturnType<typeof createSessionFormat>;
  categoryLabel: (category: string) => string;
  /** The caller's clock, so tests can fix it. */
  now: Date;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** `<`, `>` and `&` as \u escapes, so neither `</script>` nor `<!--` can end or alter the element. */
export const embedJson = (value: unknown): string =>
  JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export const reportFileName = (session: Pick<SessionDetail, 'sessionName' | 'sessionId' | 'startTime'>): string => {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, 80)
      .replace(/[-_]+$/, '');
  const name = slug(session.sessionName ?? '') || slug(session.sessionId ?? '') || 'session';
  const day = /^\d{4}-\d{2}-\d{2}/.exec(session.startTime ?? '')?.[0];
  return `${name}${day ? `-${day}` : ''}.html`;
};

const PRINT_CSS = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111;background:#fff;margin:2rem auto;max-width:60rem;padding:0 1rem;line-height:1.45}
h1{font-size:1.6rem;margin:0 0 .25rem}
h2{font-size:1.2rem;margin:2rem 0 .5rem;border-bottom:2px solid #333;padding-bottom:.2rem}
.made{color:#444;margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}
dd{margin:0}
table{width:100%;border-collapse:collapse;font-size:.92rem}
th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#eee}
.pre{white-space:pre-wrap;overflow-wrap:anywhere}
.empty{color:#444;font-style:italic}
@media print{
  @page{margin:1.5cm}
  body{margin:0;max-width:none;padding:0;color:#000;background:#fff;font-size:10.5pt}
  th{background:#fff}
  th,td{border-color:#000}
  h2{break-after:avoid;page-break-after:avoid}
  tr,dt,dd{break-inside:avoid;page-break-inside:avoid}
  thead{display:table-header-group}
}
`;

interface Section {
  id: string;
  title: string;
  body: string;
}

const dataList = (rows: [string, string][]) =>
  `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

const table = (caption: string, headers: string[], rows: string[][], empty: string) =>
  rows.length === 0
    ? `<p class="empty">${escapeHtml(empty)}</p>`
    : `<table aria-label="${escapeHtml(caption)}"><thead><tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;

const list = <T>(value: readonly T[] | null | undefined): readonly T[] => (Array.isArray(value) ? value : []);

const summarySection = (session: SessionDetail, words: ReportWords): Section => {
  const { translate: t, format } = words;
  const version = session.configVersion ?? null;
  return {
    id: 'summary',
    title: t('app.sessions.report.summary'),
    body: dataList([
      [t('app.sessions.report.name'), session.sessionName],
      [t('app.sessions.detail.user'), repLabel(t, session.userEmail, session.userName)],
      [t('app.sessions.detail.room'), session.metadata?.roomName || t('app.sessions.noRoom')],
      [t('app.sessions.report.start'), formatStartTime(session.startTime, words.dateLocale)],
      [t('app.sessions.detail.duration'), format.duration(session.duration)],
      [t('app.sessions.columns.status'), t(`app.sessions.status.${session.status}`, { _: String(session.status) })],
      [
        t('app.sessions.report.configVersion'),
        version === null ? t('app.configVersion.sessionUnknown') : t('app.configVersion.session', { version }),
      ],
      [t('app.sessions.report.sessionId'), session.sessionId],
    ]),
  };
};

const statisticsSection = (session: SessionDetail, words: ReportWords): Section => {
  const { translate: t, format } = words;
  const stats = session.statistics ?? ({} as Partial<SessionDetail['statistics']>);
  const ratio = talkRatio(list(session.transcripts));
  const n = (value: number | undefined) => format.number(value ?? 0);
  const rows: [string, string][] = [
    [t('app.sessions.statistics.transcripts'), n(stats.totalTranscripts)],
    [t('app.sessions.statistics.salespersonTranscripts'), n(stats.salespersonTranscripts)],
    [t('app.sessions.statistics.customerTranscripts'), n(stats.customerTranscripts)],
    [t('app.sessions.statistics.objections'), n(stats.totalObjections)],
    [t('app.sessions.statistics.faqs'), n(stats.totalFAQs)],
    [t('app.sessions.statistics.inquiries'), n(stats.totalNewInquiries)],
    [t('app.sessions.statistics.responseRate'), format.percent(stats.responseRate ?? 0)],
    [t('app.sessions.summary.talkRatio'), t('app.sessions.summary.talkRatioValue', ratio.share)],
  ];
  const speech = session.speechRateAnalysis;
  if (speech?.averageWordsPerMinute !== undefined) {
    rows.push([t('app.sessions.speechRate.average'), format.wordsPerMinute(speech.averageWordsPerMinute)]);
  }
  return { id: 'statistics', title: t('app.sessions.report.statistics'), body: dataList(rows) };
};

const detectionsSection = (session: SessionDetail, words: ReportWords, start: number): Section => {
  const { translate: t, format } = words;
  const tagged: [string, Detection][] = [
    ...list(session.detectedObjections).map((d): [string, Detection] => ['objection', d]),
    ...list(session.detectedFAQs).map((d): [string, Detection] => ['faq', d]),
    ...list(session.newInquiries).map((d): [string, Detection] => ['inquiry', d]),
  ].sort((a, b) => toMillis(a[1].timestamp) - toMillis(b[1].timestamp));
  const rows = tagged.map(([kind, d]) => [
    escapeHtml(offset(d.timestamp, start)),
    escapeHtml(t(`app.sessions.kind.${kind}`)),
    escapeHtml(words.categoryLabel(String(d.category ?? ''))),
    escapeHtml(Number.isFinite(d.relevance_score) ? format.relevance(d.relevance_score) : t('app.sessions.noValue')),
    `<span class="pre">${escapeHtml(d.question)}</span>`,
    d.answer
      ? `<span class="pre">${escapeHtml(d.answer)}</span>`
      : `<span class="empty">${escapeHtml(t('app.sessions.report.noAnswer'))}</span>`,
  ]);
  const title = t('app.sessions.report.detections');
  return {
    id: 'detections',
    title,
    body: table(
      title,
      [
        t('app.sessions.report.time'),
        t('app.sessions.report.kind'),
        t('app.sessions.statistics.category'),
        t('app.sessions.report.relevance'),
        t('app.sessions.report.question'),
        t('app.sessions.report.answer'),
      ],
      rows,
      t('app.sessions.statistics.noDetections'),
    ),
  };
};

const alertsSection = (session: SessionDetail, words: ReportWords, start: number): Section => {
  const { translate: t, format } = words;
  const rows = list(session.speechRateAnalysis?.alerts).map((a) => [
    escapeHtml(offset(a.timestamp, start)),
    escapeHtml(t('app.sessions.timeline.alert', alertWording(a, format.number))),
  ]);
  const title = t('app.sessions.kinds.alert');
  return {
    id: 'alerts',
    title,
    body: table(title, [t('app.sessions.report.time'), t('app.sessions.kind.alert')], rows, t('app.sessions.speechRate.empty')),
  };
};

const transcriptSection = (session: SessionDetail, words: ReportWords, start: number): Section => {
  const { translate: t } = words;
  const rows = list(session.transcripts).map((line) => [
    escapeHtml(offset(line.timestamp, start)),
    escapeHtml(t(`app.sessions.speakers.${line.speaker}`, { _: String(line.speaker) })),
    `<span class="pre">${escapeHtml(line.text)}</span>`,
  ]);
  const title = t('app.sessions.report.transcript');
  return {
    id: 'transcript',
    title,
    body: table(
      title,
      [t('app.sessions.report.time'), t('app.sessions.statistics.speaker'), t('app.sessions.report.text')],
      rows,
      t('app.sessions.report.noTranscript'),
    ),
  };
};

const offset = (timestamp: string, start: number) => {
  const at = toMillis(timestamp);
  return Number.isFinite(at) && Number.isFinite(start) ? formatOffset((at - start) / 1000) : '-';
};

export const buildSessionReport = (session: SessionDetail, words: ReportWords): string => {
  const { translate: t } = words;
  const start = toMillis(session.startTime);
  const sections = [
    summarySection(session, words),
    statisticsSection(session, words),
    detectionsSection(session, words, start),
    alertsSection(session, words, start),
    transcriptSection(session, words, start),
  ];
  const lang = words.dateLocale.code?.slice(0, 2) || 'en';
  const title = t('app.sessions.report.title', { name: session.sessionName });
  const made = t('app.sessions.report.generated', { date: formatDateTime(words.now.toISOString(), words.dateLocale) });
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PRINT_CSS}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p class="made">${escapeHtml(made)}</p></header>
<main>
${sections.map((s) => `<section id="${s.id}" aria-labelledby="${s.id}-title"><h2 id="${s.id}-title">${escapeHtml(s.title)}</h2>${s.body}</section>`).join('\n')}
</main>
<script type="application/json" id="session-data">${embedJson(session)}</script>
</body>
</html>
`;
};
