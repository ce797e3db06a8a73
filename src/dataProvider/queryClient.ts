import { QueryClient } from '@tanstack/react-query';
import { statusOf } from '@/contract/failedCall';

/** At most this many retries of a failed read, 1 s then 2 s apart. */
const MAX_RETRIES = 2;

/**
 * Which failed reads are worth trying again: a dropped connection (status 0) or a server error.
 * Never a refusal (4xx, including a 429 that says how long to wait), a 503 from an unreachable
 * sign-in service, nor a timeout: a backend that hung for 30 s would likely hang again, and
 * each retry would add 30 s before the admin learns anything.
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= MAX_RETRIES) return false;
  const status = statusOf(error);
  if (status === undefined || status === 0) return true;
  return status >= 500 && status !== 503;
};

export const retryDelay = (failureCount: number): number => 1_000 * (failureCount + 1);

/**
 * What a screen shows of a read's failure, from the first failed attempt on (react-query keeps
 * `error` empty until its retries are spent): the failure, and whether a retry is under way.
 */
export const readFailure = (query: { error: unknown; failureReason: unknown; isFetching: boolean }) => {
  const failure = query.error ?? query.failureReason ?? null;
  return { failure, retrying: failure !== null && query.isFetching && shouldRetryQuery(0, failure) };
};

/** The portal's react-query client (react-admin's default retries every failure three times). */
export const createPortalQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery, retryDelay } } });
