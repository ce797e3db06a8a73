import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { errorCodeOf, messageText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';

interface UserActionOptions<T> {
  run: (dataProvider: PortalDataProvider, variables: T) => Promise<unknown>;
  /** i18n key of the success message, or one picked from the variables. */
  success: string | ((variables: T) => string);
  /** i18n key shown when the server gives no message (spec 8). */
  failure: string;
  /** spec 4: a users refetch follows every successful mutation except password reset. */
  refetch: boolean;
  onSuccess: (message: string) => void;
  /** Takes the failure text instead of the caller showing `error` itself. */
  onError?: (message: string) => void;
}

/** The server's message when it sent one, else the spec's fallback. */
export const useErrorText = () => {
  const translate = useTranslate();
  return (error: unknown, fallbackKey: string) => {
    const message = messageText(error, fallbackKey);
    return translate(message, { _: message });
  };
};

/** One user mutation: runs it, refetches the list when the spec says so, reports the outcome as text. */
export const useUserAction = <T>({ run, success, failure, refetch, onSuccess, onError }: UserActionOptions<T>) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (variables: T) => run(dataProvider, variables),
    onSuccess: (_result, variables) => {
      if (refetch) void queryClient.invalidateQueries({ queryKey: ['users'] });
      onSuccess(translate(typeof success === 'function' ? success(variables) : success));
    },
    onError: (error) => onError?.(errorText(error, failure)),
  });
  return {
    submit: (variables: T) => mutation.mutate(variables),
    pending: mutation.isPending,
    error: mutation.isError && !onError ? errorText(mutation.error, failure) : null,
    /** The failed call's API error code and what it was sent, for a follow-up the error offers. */
    errorCode: mutation.isError ? (errorCodeOf(mutation.error) ?? null) : null,
    failedVariables: mutation.isError ? mutation.variables : undefined,
    dismissError: () => mutation.reset(),
  };
};
