import type { CompetitorMention, Detection, LandmineHit, SessionDetail, SpeechRateAlert, Speaker } from '@/resources/sessions/sessionTypes';

export const TIMELINE_KINDS = ['transcript', 'objection', 'faq', 'inquiry', 'alert', 'landmine', 'competitor'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export type DetectionKind = 'objection' | 'faq' | 'inquiry';

interface Base {
  key: string;
  timestamp: string;
  /** NaN when unreadable. */
  time: number;
}
export type TimelineItem =
  | (Base & { kind: 'transcript'; speaker: Speaker; text: string; landmines?: LandmineHit[] })
  | (Base & { kind: 'landmine'; hit: LandmineHit })
  | (Base & { kind: DetectionKind; detection: Detection; utterance?: Utterance })
  | (Base & { kind: 'alert'; alert: SpeechRateAlert })
  | (Base & { kind: 'competitor'; mention: CompetitorMention });

/** What was said: the words a label names (docs/matching.md "Labelled phrases"). */
export interface Utterance {
  speaker: Speaker;
  text: string;
}

export const toMillis = (timestamp: string | number | null | undefined): number =>
  typeof timestamp === 'number' ? timestamp : timestamp ? Date.parse(timestamp) : Number.NaN;

const RANK: Record<TimelineKind, number> = { transcript: 0, landmine: 1, objection: 2, faq: 3, inquiry: 4, alert: 5, competitor: 6 };
const sortTime = (time: number) => (Number.isNaN(time) ? Number.POSITIVE_INFINITY : time);

/** The utterance a landmine was said in: its speaker's last one that started at or before it. */
const utteranceOf = <T extends { time: number; speaker: Speaker }>(transcripts: T[], hit: Pick<LandmineHit, 'timestamp' | 'speaker'>) => {
  const time = toMillis(hit.timestamp);
  let found: T | undefined;
  for (const t of transcripts) if (t.speaker === hit.speaker && t.time <= time && (!found || t.time >= found.time)) found = t;
  return found;
};

/** Whether a row shows a landmine: an utterance that holds one, or one no utterance holds. */
export const hasLandmine = (item: TimelineItem): boolean =>
  item.kind === 'landmine' || (item.kind === 'transcript' && Boolean(item.landmines?.length));

/** The filter that shows only the landmines. */
export const LANDMINES_ONLY: TimelineFilter = { kinds: ['landmine'], speaker: 'all' };

/** spec 2. Ties: the words first, then what they triggered, then each list's own order; unreadable times go last. */
export const buildTimeline = (session: Partial<SessionDetail>): TimelineItem[] => {
  const items: (TimelineItem & { order: number })[] = [];
  const base = (kind: TimelineKind, index: number, timestamp: string) => ({
    key: `${kind}-${index}`,
    timestamp,
    time: toMillis(timestamp),
    order: index,
  });
  const transcripts = (session.transcripts ?? []).map((t, i): Extract<TimelineItem, { kind: 'transcript' }> & { order: number } => ({
    ...base('transcript', i, t.timestamp),
    kind: 'transcript',
    speaker: t.speaker,
    text: t.text,
  }));
  items.push(...transcripts);
  (session.landmines ?? []).forEach((hit, i) => {
    const said = utteranceOf(transcripts, hit);
    if (said) said.landmines = [...(said.landmines ?? []), hit];
    else items.push({ ...base('landmine', i, hit.timestamp), kind: 'landmine', hit });
  });
  const detections: [DetectionKind, Detection[] | undefined][] = [
    ['objection', session.detectedObjections],
    ['faq', session.detectedFAQs],
    ['inquiry', session.newInquiries],
  ];
  for (const [kind, list] of detections) {
    (list ?? []).forEach((detection, i) => {
      const said = utteranceOf(transcripts, { timestamp: detection.timestamp, speaker: 'customer' });
      items.push({
        ...base(kind, i, detection.timestamp),
        kind,
        detection,
        ...(said ? { utterance: { speaker: said.speaker, text: said.text } } : {}),
      });
    });
  }
  (session.speechRateAnalysis?.alerts ?? []).forEach((alert, i) => {
    items.push({ ...base('alert', i, alert.timestamp), kind: 'alert', alert });
  });
  (session.competitors ?? []).forEach((mention, i) => {
    items.push({ ...base('competitor', i, mention.timestamp), kind: 'competitor', mention });
  });
  items.sort((a, b) => sortTime(a.time) - sortTime(b.time) || RANK[a.kind] - RANK[b.kind] || a.order - b.order);
  return items.map(({ order: _order, ...item }) => item as TimelineItem);
};

export interface TimelineFilter {
  kinds: readonly TimelineKind[];
  speaker: Speaker | 'all';
}

export const ALL_KINDS: TimelineFilter = { kinds: TIMELINE_KINDS, speaker: 'all' };

/** The landmine kind keeps the utterances that hold a landmine, whether transcripts are shown or not. */
export const filterTimeline = (items: readonly TimelineItem[], { kinds, speaker }: TimelineFilter): TimelineItem[] =>
  items.filter(
    (item) =>
      (kinds.includes(item.kind) || (kinds.includes('landmine') && hasLandmine(item))) &&
      (item.kind !== 'transcript' || speaker === 'all' || item.speaker === speaker),
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const splitMatches = (text: string, query: string): { text: string; match: boolean }[] => {
  const needle = query.trim();
  if (!needle) return [{ text, match: false }];
  return text
    .split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'))
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: part.toLowerCase() === needle.toLowerCase() }));
};

export interface TranscriptMatch {
  row: number;
  occurrence: number;
}

export const findMatches = (items: readonly TimelineItem[], query: string): TranscriptMatch[] => {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const matches: TranscriptMatch[] = [];
  items.forEach((item, row) => {
    if (item.kind !== 'transcript') return;
    const text = item.text.toLowerCase();
    let occurrence = 0;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      matches.push({ row, occurrence: occurrence++ });
    }
  });
  return matches;
};

export const findMoment = (items: readonly TimelineItem[], time: number, kind?: TimelineKind): number => {
  if (Number.isNaN(time)) return -1;
  const exact = kind
    ? items.findIndex((item) => (item.kind === kind || (kind === 'landmine' && hasLandmine(item))) && item.time === time)
    : -1;
  if (exact >= 0) return exact;
  const after = items.findIndex((item) => item.time >= time);
  return after >= 0 ? after : items.length - 1;
};
