import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  type ListControllerProps,
  type ListControllerResult,
  type RaRecord,
  useGetList,
  useListContext,
  useListController,
} from 'react-admin';
import { SEARCH_DEBOUNCE_MS } from '@/config';
import { useListReadFailure } from './ReadFailure';

// The list shows its own failure banner (spec 8): no react-admin notification on top of it.
const noNotification = () => undefined;

/**
 * react-admin's list controller as every list screen of the portal runs it: its page, sort and
 * filters in the address and react-admin's store (its own sync); searches settle after
 * SEARCH_DEBOUNCE_MS; the last page stays shown while the next loads; a failed read is retried by the portal's policy (dataProvider/queryClient.ts), which
 * the controller would turn off. <Admin requireAuth> checked the session before any page, so the
 * first read goes out at once, without a second check first.
 */
export const usePortalList = <RecordType extends RaRecord = RaRecord>({
  queryOptions,
  ...props
}: ListControllerProps<RecordType> & { resource: string }): ListControllerResult<RecordType> => {
  const defaults = useQueryClient().getDefaultOptions().queries;
  return useListController<RecordType>({
    disableAuthentication: true,
    debounce: SEARCH_DEBOUNCE_MS,
    ...props,
    queryOptions: {
      placeholderData: keepPreviousData,
      retry: defaults?.retry,
      retryDelay: defaults?.retryDelay,
      onError: noNotification,
      ...queryOptions,
    } as ListControllerProps<RecordType>['queryOptions'],
  });
};

/**
 * The failed read of the list in context, from its first failed attempt on (react-query keeps
 * `error` empty until the retries are spent), whether a retry runs, and since when the rows shown
 * may be stale. The controller hands on neither the attempt's failure nor when its rows were
 * loaded, so its own query is observed through react-admin with the same parameters (never
 * fetched from here).
 */
export const useListFailure = () => {
  const { resource, page, perPage, sort, filterValues, error, isFetching, data } = useListContext();
  const { failureReason, dataUpdatedAt } = useGetList(
    resource,
    { pagination: { page, perPage }, sort, filter: filterValues },
    { enabled: false },
  );
  return useListReadFailure({ error, failureReason, isFetching: Boolean(isFetching), dataUpdatedAt }, Boolean(data?.length));
};
