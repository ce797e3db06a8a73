import { z } from 'zod';
import { LIMITS, safeText } from '@/contract/common';
import { sessionListQuerySchema } from '@/contract/sessions';
import { filteredSessionsPath } from '@/shared/paths';

/** contract/sessions.ts's parameters, plus `label`: the chip's name, kept for display only (never sent). */
export const SESSION_FILTERS = [
  'status',
  'search',
  'rep',
  'item',
  'landmine',
  'competitorId',
  'hasLandmine',
  'inquiry',
  'from',
  'to',
  'finished',
  'label',
] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];
export type SessionFilterValues = Partial<Record<SessionFilter, string>>;

export const SESSION_LOCAL_FILTERS = ['label'] as const;

/** The first of them present takes the label. */
export const LABELLED_FILTERS = ['item', 'landmine', 'competitorId', 'inquiry'] as const;
type LabelledFilter = (typeof LABELLED_FILTERS)[number];

const labelSchema = safeText(z.string().trim().min(1).max(LIMITS.question));
const schemaOf = (name: SessionFilter): z.ZodType =>
  name === 'label' ? labelSchema : sessionListQuerySchema.shape[name as Exclude<SessionFilter, 'label'>];

/** Trimmed where the server trims; undefined when it would refuse the value. */
const validValue = (name: SessionFilter, value: string): string | undefined => {
  const parsed = schemaOf(name).safeParse(value);
  return parsed.success && typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : undefined;
};

export const labelledFilter = (filter: SessionFilterValues): LabelledFilter | undefined =>
  LABELLED_FILTERS.find((name) => typeof filter[name] === 'string');

/** A saved query's filters: only the list's names, each a value the server takes, a label only beside its filter. */
export const isSessionFilter = (filter: Record<string, unknown>): boolean =>
  Object.entries(filter).every(
    ([name, value]) =>
      (SESSION_FILTERS as readonly string[]).includes(name) &&
      typeof value === 'string' &&
      validValue(name as SessionFilter, value) === value,
  ) &&
  (filter.label === undefined || labelledFilter(filter as SessionFilterValues) !== undefined);

/** In react-admin's own form, from page 1 (a link from Insights). */
export const sessionsPath = (filter: SessionFilterValues): string => filteredSessionsPath(filter as Record<string, string>);

/** The filters the chips show (status and search have their own fields), which Clear all removes. */
export const CHIP_FILTERS = ['rep', 'item', 'landmine', 'hasLandmine', 'competitorId', 'inquiry', 'from', 'to', 'finished'] as const;

export const withoutFilters = (filter: Record<string, unknown>, names: readonly SessionFilter[]): Record<string, unknown> => {
  const owner = labelledFilter(filter as SessionFilterValues);
  const dropped = new Set<string>(owner && names.includes(owner) ? [...names, 'label'] : names);
  return Object.fromEntries(Object.entries(filter).filter(([name]) => !dropped.has(name)));
};

/** A `q:`/`t:` key holds the question or trigger. */
export const readableKey = (key: string): string => {
  const question = /^q:[a-z_]+:(.+)$/s.exec(key);
  if (question) return question[1];
  if (key.startsWith('t:') && key.length > 2) return key.slice(2);
  return key;
};
