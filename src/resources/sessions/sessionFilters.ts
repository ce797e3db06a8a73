import { z } from 'zod';
import { LIMITS, safeText } from '@/contract/common';
import { sessionListQuerySchema } from '@/contract/sessions';
import { PATHS } from '@/shared/paths';

/**
 * The sessions list's filters: the server's query parameters (contract/sessions.ts), plus
 * `label`: the name the chip of the item, landmine or inquiry filter shows, kept in the list's
 * filters for display only (the resource's `localFilters`: never sent).
 */
export const SESSION_FILTERS = ['status', 'search', 'rep', 'item', 'landmine', 'inquiry', 'from', 'to', 'finished', 'label'] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];
export type SessionFilterValues = Partial<Record<SessionFilter, string>>;

/** Filters kept in the list for display only: the dataProvider leaves them out of its requests. */
export const SESSION_LOCAL_FILTERS = ['label'] as const;

/** The filters whose chip shows `label` when one is given, the first of them present taking it. */
export const LABELLED_FILTERS = ['item', 'landmine', 'inquiry'] as const;
type LabelledFilter = (typeof LABELLED_FILTERS)[number];

const labelSchema = safeText(z.string().trim().min(1).max(LIMITS.question));
const schemaOf = (name: SessionFilter): z.ZodType =>
  name === 'label' ? labelSchema : sessionListQuerySchema.shape[name as Exclude<SessionFilter, 'label'>];

/** A value the server would take, as it would take it (trimmed where it trims); undefined otherwise. */
const validValue = (name: SessionFilter, value: string): string | undefined => {
  const parsed = schemaOf(name).safeParse(value);
  return parsed.success && typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : undefined;
};

/** The item, landmine or inquiry filter that `label` names, if any. */
export const labelledFilter = (filter: SessionFilterValues): LabelledFilter | undefined =>
  LABELLED_FILTERS.find((name) => typeof filter[name] === 'string');

/**
 * Filters the list can be given (a saved query): only the list's names, each a value the server
 * takes as it is, and a label only beside the filter it names.
 */
export const isSessionFilter = (filter: Record<string, unknown>): boolean =>
  Object.entries(filter).every(
    ([name, value]) =>
      (SESSION_FILTERS as readonly string[]).includes(name) &&
      typeof value === 'string' &&
      validValue(name as SessionFilter, value) === value,
  ) &&
  (filter.label === undefined || labelledFilter(filter as SessionFilterValues) !== undefined);

/** The list's address with these filters, in react-admin's own form, from page 1 (a link from Insights). */
export const sessionsPath = (filter: SessionFilterValues): string =>
  `${PATHS.sessions}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/** The filters that show as chips above the table (status and search have their own fields). */
export const INSIGHT_FILTERS = ['rep', 'item', 'landmine', 'inquiry', 'from', 'to'] as const;

/** The filters without those named; the label goes with the filter it names. */
export const withoutFilters = (filter: Record<string, unknown>, names: readonly SessionFilter[]): Record<string, unknown> => {
  const owner = labelledFilter(filter as SessionFilterValues);
  const dropped = new Set<string>(owner && names.includes(owner) ? [...names, 'label'] : names);
  return Object.fromEntries(Object.entries(filter).filter(([name]) => !dropped.has(name)));
};

/** What a chip shows for a key without a label: the question or trigger a `q:`/`t:` key holds, else the key itself. */
export const readableKey = (key: string): string => {
  const question = /^q:[a-z_]+:(.+)$/s.exec(key);
  if (question) return question[1];
  if (key.startsWith('t:') && key.length > 2) return key.slice(2);
  return key;
};
