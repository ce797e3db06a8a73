import {
  INSIGHT_DEFAULT_PERIOD,
  INSIGHT_PERIOD_DAYS,
  INSIGHT_PERIODS,
  INSIGHT_STATUSES,
  type InsightPeriod,
  type InsightPeriodRange,
  type InsightStatus,
  type InsightsQueryInput,
  insightsQuerySchema,
} from '@/contract/insights';
import { type SessionFilterValues, sessionsPath } from '@/resources/sessions/sessionFilters';

export type InsightsFilters = ({ period: InsightPeriod } | { period: 'custom'; from: string; to: string }) & {
  rep?: string;
  status?: InsightStatus;
};

const isPeriod = (value: string | null): value is InsightPeriod => (INSIGHT_PERIODS as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is InsightStatus => (INSIGHT_STATUSES as readonly (string | null)[]).includes(value);

/** A range the API would refuse is read as no range, so a hand-edited link still shows a page. */
export const filtersFromSearch = (params: URLSearchParams): InsightsFilters => {
  const rep = params.get('rep')?.trim() || undefined;
  const statusParam = params.get('status');
  const extra = { ...(rep ? { rep } : {}), ...(isStatus(statusParam) ? { status: statusParam } : {}) };
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && insightsQuerySchema.safeParse({ from, to }).success) return { period: 'custom', from, to, ...extra };
  const period = params.get('period');
  return { period: isPeriod(period) ? period : INSIGHT_DEFAULT_PERIOD, ...extra };
};

/** A fixed order, so equal views have equal links. */
export const searchOfFilters = (filters: InsightsFilters): string => {
  const params = new URLSearchParams();
  if (filters.period === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  } else params.set('period', filters.period);
  if (filters.rep) params.set('rep', filters.rep);
  if (filters.status) params.set('status', filters.status);
  return `?${params.toString()}`;
};

export const queryOfFilters = (filters: InsightsFilters): InsightsQueryInput =>
  filters.period === 'custom'
    ? { from: filters.from, to: filters.to, rep: filters.rep, status: filters.status }
    : { period: filters.period, rep: filters.rep, status: filters.status };

const DAY_MS = 86_400_000;
/** Insights count days in UTC. */
export const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

export const rangeOfFilters = (filters: InsightsFilters, now = Date.now()): { from: string; to: string } =>
  filters.period === 'custom'
    ? { from: filters.from, to: filters.to }
    : { from: utcDay(now - (INSIGHT_PERIOD_DAYS[filters.period] - 1) * DAY_MS), to: utcDay(now) };

export type SessionsTarget =
  | { item: string; label: string }
  | { inquiry: string; label: string }
  | { landmine: string; label: string }
  | { competitorId: string; label: string }
  | { rep: string };

/** The list names what it is filtered by; the rep and status the page filters by come along. */
export const sessionsLink = (
  target: SessionsTarget,
  period: Pick<InsightPeriodRange, 'from' | 'to'>,
  filters: Pick<InsightsFilters, 'rep' | 'status'>,
): string => {
  const filter: SessionFilterValues = { ...target, from: period.from, to: period.to };
  if (filters.rep && !('rep' in target)) filter.rep = filters.rep;
  // The insights count finished calls only: without a status, the list leaves out calls in progress.
  if (filters.status) filter.status = filters.status;
  else filter.finished = 'true';
  return sessionsPath(filter);
};
