import { QueryClient } from '@tanstack/react-query';
import { statusOf } from '@/contract/failedCall';

const MAX_RETRIES = 2;

/**
 * Only a dropped connection or a server error is retried: never a refusal (a 429 says how long to
 * wait), a 503 from the sign-in service, nor a timeout (a hung backend would add 30 s each time).
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= MAX_RETRIES) return false;
  const status = statusOf(error);
  if (status === undefined || status === 0) return true;
  return status >= 500 && status !== 503;
};

export const retryDelay = (failureCount: number): number => 1_000 * (failureCount + 1);

/** From the first failed attempt on: react-query keeps `error` empty until its retries are spent. */
export const readFailure = (query: { error: unknown; failureReason: unknown; isFetching: boolean }) => {
  const failure = query.error ?? query.failureReason ?? null;
  return { failure, retrying: failure !== null && query.isFetching && shouldRetryQuery(0, failure) };
};

/** react-admin's default retries every failure three times. */
export const createPortalQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery, retryDelay } } });
