import { z } from 'zod';
import { LIMITS, safeText } from '@/contract/common';
import { sessionListQuerySchema } from '@/contract/sessions';

/**
 * The sessions list's filters as its address carries them (`/sessions?rep=...&item=...`), so a
 * link (the Insights page's "calls behind a number") opens the list filtered, and the address
 * follows the filters. The names are the server's query parameters (contract/sessions.ts), plus
 * `label`: the name the chip of the item, landmine or inquiry filter shows, kept in the list's
 * filters for display only (the resource's `localFilters`: never sent).
 */
export const SESSION_ADDRESS_FILTERS = [
  'status',
  'search',
  'rep',
  'item',
  'landmine',
  'inquiry',
  'from',
  'to',
  'finished',
  'label',
] as const;
export type SessionAddressFilter = (typeof SESSION_ADDRESS_FILTERS)[number];
export type SessionFilterValues = Partial<Record<SessionAddressFilter, string>>;

/** Filters kept in the list for display only: the dataProvider leaves them out of its requests. */
export const SESSION_LOCAL_FILTERS = ['label'] as const;

/** The filters whose chip shows `label` when one is given, the first of them present taking it. */
export const LABELLED_FILTERS = ['item', 'landmine', 'inquiry'] as const;
type LabelledFilter = (typeof LABELLED_FILTERS)[number];

const labelSchema = safeText(z.string().trim().min(1).max(LIMITS.question));
const schemaOf = (name: SessionAddressFilter): z.ZodType =>
  name === 'label' ? labelSchema : sessionListQuerySchema.shape[name as Exclude<SessionAddressFilter, 'label'>];

/** A value the server would take, as it would take it (trimmed where it trims); undefined otherwise. */
const validValue = (name: SessionAddressFilter, value: string | null): string | undefined => {
  if (value === null) return undefined;
  const parsed = schemaOf(name).safeParse(value);
  return parsed.success && typeof parsed.data === 'string' && parsed.data !== '' ? parsed.data : undefined;
};

/** The item, landmine or inquiry filter that `label` names, if any. */
export const labelledFilter = (filter: SessionFilterValues): LabelledFilter | undefined =>
  LABELLED_FILTERS.find((name) => typeof filter[name] === 'string');

/** Only the filters the address carries; a label without the filter it names is dropped. */
export const addressFilters = (filter: Record<string, unknown>): SessionFilterValues => {
  const kept: SessionFilterValues = {};
  for (const name of SESSION_ADDRESS_FILTERS) {
    const value = filter[name];
    if (typeof value === 'string' && value !== '') kept[name] = value;
  }
  if (!labelledFilter(kept)) delete kept.label;
  return kept;
};

/**
 * The filters an address asks for; null when it names none of them (the list then shows what it
 * kept). A value the server would refuse (a malformed day, a status it does not know) is left out,
 * so a damaged link still opens the list with the rest; `from` after `to` keeps both, and the
 * list says what the server answered.
 */
export const filtersFromAddress = (search: string): SessionFilterValues | null => {
  const params = new URLSearchParams(search);
  if (!SESSION_ADDRESS_FILTERS.some((name) => params.has(name))) return null;
  const filter: Record<string, string> = {};
  for (const name of SESSION_ADDRESS_FILTERS) {
    const value = validValue(name, params.get(name));
    if (value !== undefined) filter[name] = value;
  }
  return addressFilters(filter);
};

/**
 * Filters the list can be given (a saved query): only the address's names, each a value the
 * server takes as it is, and a label only beside the filter it names.
 */
export const isSessionFilter = (filter: Record<string, unknown>): boolean =>
  Object.entries(filter).every(
    ([name, value]) =>
      (SESSION_ADDRESS_FILTERS as readonly string[]).includes(name) &&
      typeof value === 'string' &&
      validValue(name as SessionAddressFilter, value) === value,
  ) &&
  (filter.label === undefined || labelledFilter(filter as SessionFilterValues) !== undefined);

/** The address's query for these filters, in one order whatever theirs: '' without any. */
export const addressOf = (filter: Record<string, unknown>): string => {
  const kept = addressFilters(filter);
  const params = new URLSearchParams();
  for (const name of SESSION_ADDRESS_FILTERS) if (kept[name] !== undefined) params.set(name, kept[name]);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
};

/** The filters that show as chips above the table (status and search have their own fields). */
export const INSIGHT_FILTERS = ['rep', 'item', 'landmine', 'inquiry', 'from', 'to'] as const;

export const hasInsightFilter = (filter: Record<string, unknown>) => INSIGHT_FILTERS.some((name) => typeof filter[name] === 'string');

/** The filters without those named; the label goes with the filter it names. */
export const withoutFilters = (filter: Record<string, unknown>, names: readonly SessionAddressFilter[]): Record<string, unknown> => {
  const owner = labelledFilter(addressFilters(filter));
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
