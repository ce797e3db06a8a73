import { QueryClient } from '@tanstack/react-query';

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * Which failed reads are worth trying again, at most twice: a dropped connection (status 0),
 * a timeout (408) or a server error. Never a refusal (4xx, including a 429 that says how long
 * to wait) nor a 503 from an unreachable sign-in service: the admin sees those at once rather
 * than after seconds of retries that only add load.
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= 2) return false;
  const status = statusOf(error);
  if (status === undefined || status === 0 || status === 408) return true;
  return status >= 500 && status !== 503;
};

/** The portal's react-query client (react-admin's default retries every failure three times). */
export const createPortalQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery } } });
