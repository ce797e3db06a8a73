import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { errorCodeOf } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { useErrorText } from '@/shared/useErrorText';

/** spec 4: a refetch follows every successful mutation except password reset. */
export const useRefetchUsers = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['users'] });
};

interface MutationState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

export const useActionState = (mutation: MutationState, failure: string) => {
  const toText = useErrorText();
  return {
    pending: mutation.isPending,
    error: mutation.isError ? toText(mutation.error, failure) : null,
    errorCode: mutation.isError ? (errorCodeOf(mutation.error) ?? null) : null,
    dismissError: () => mutation.reset(),
  };
};

interface UserActionOptions<T> {
  run: (dataProvider: PortalDataProvider, variables: T) => Promise<unknown>;
  success: string | ((variables: T) => string);
  /** spec 8: shown when the server gives no message. */
  failure: string;
  refetch: boolean;
  onSuccess: (message: string) => void;
  onError?: (message: string) => void;
}

/** The users' calls react-admin's mutation hooks do not cover (toggle, reset password, restore). */
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
