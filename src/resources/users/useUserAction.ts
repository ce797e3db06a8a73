import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { errorCodeOf } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { useErrorText } from '@/shared/useErrorText';

/** spec 4: a users refetch follows every successful mutation except password reset (react-admin's own key of the users reads). */
export const useRefetchUsers = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['users'] });
};

/** What a dialog shows of a mutation (react-admin's or react-query's, they share these fields). */
interface MutationState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/** A mutation's state as a user dialog shows it: pending, the failure's text and API error code, a way to dismiss it. */
export const useActionState = (mutation: MutationState, failure: string) => {
  const toText = useErrorText();
  return {
    pending: mutation.isPending,
    error: mutation.isError ? toText(mutation.error, failure) : null,
    /** The failed call's API error code, for a follow-up the error offers. */
    errorCode: mutation.isError ? (errorCodeOf(mutation.error) ?? null) : null,
    dismissError: () => mutation.reset(),
  };
};

interface UserActionOptions<T> {
  run: (dataProvider: PortalDataProvider, variables: T) => Promise<unknown>;
  /** i18n key of the success message, or one picked from the variables. */
  success: string | ((variables: T) => string);
  /** i18n key shown when the server gives no message (spec 8). */
  failure: string;
  refetch: boolean;
  onSuccess: (message: string) => void;
  /** Takes the failure text instead of the caller showing `error` itself. */
  onError?: (message: string) => void;
}

/**
 * One of the users' own calls beyond create/update/delete (toggle, reset password, restore: the
 * dataProvider's custom methods, which react-admin's mutation hooks do not cover): runs it,
 * refetches the list when the spec says so, reports the outcome as text.
 */
export const useUserAction = <T>({ run, success, failure, refetch, onSuccess, onError }: UserActionOptions<T>) => {
  const translate = useTranslate();
  const toText = useErrorText();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refetchUsers = useRefetchUsers();
  const mutation = useMutation({
    mutationFn: (variables: T) => run(dataProvider, variables),
    onSuccess: (_result, variables) => {
      if (refetch) refetchUsers();
      onSuccess(translate(typeof success === 'function' ? success(variables) : success));
    },
    onError: (error) => onError?.(toText(error, failure)),
  });
  const state = useActionState(mutation, failure);
  return { ...state, submit: (variables: T) => mutation.mutate(variables), error: onError ? null : state.error };
};
