import { zodResolver } from '@hookform/resolvers/zod';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Banner, LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { isVersionConflict } from '@/shared/VersionConflict';

/** One query, so the card and its form see the same values. */
export type SettingsReload<TData> = () => Promise<{ data?: TData; isError: boolean }>;

interface VersionedSettingsFormOptions<TData extends { version?: number }, TForm extends FieldValues, TValues> {
  initial: TData;
  onReload: SettingsReload<TData>;
  queryKey: QueryKey;
  schema: z.ZodType<TValues, TForm>;
  defaultValues: DefaultValues<TForm>;
  save: (values: TValues, version: TData['version']) => Promise<TData>;
  savedMessage: string;
}

/** The version a save carries; Reload after a conflict takes theirs, to show beside what the admin typed. */
export const useTheirsOnReload = <TData extends { version?: number }>(initial: TData, onReload: SettingsReload<TData>) => {
  const [version, setVersion] = useState<TData['version']>(initial.version);
  const [theirs, setTheirs] = useState<TData | null>(null);
  const reload = async () => {
    const result = await onReload();
    if (!result.data || result.isError) return false;
    setVersion(result.data.version);
    setTheirs(result.data);
    return true;
  };
  return { version, setVersion, theirs, setTheirs, reload };
};

/**
 * A settings form whose save carries the version it was read at (docs/api.md "Versions"): a 409 keeps what the
 * admin typed, Reload shows theirs beside it, and the next save starts from their version.
 */
export const useVersionedSettingsForm = <TData extends { version?: number }, TForm extends FieldValues, TValues>({
  initial,
  onReload,
  queryKey,
  schema,
  defaultValues,
  save,
  savedMessage,
}: VersionedSettingsFormOptions<TData, TForm, TValues>) => {
  const queryClient = useQueryClient();
  const { version, setVersion, theirs, reload } = useTheirsOnReload(initial, onReload);
  const { banner: saved, success, clear } = useBanner();
  const form = useForm<TForm, unknown, TValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onChange' });
  const mutation = useMutation({
    mutationFn: (values: TValues) => save(values, version),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      setVersion(data.version);
      // spec 8: the success banner vanishes after 5 s.
      success(savedMessage, LONG_BANNER_MS);
    },
  });
  const submit = form.handleSubmit((values) => {
    clear();
    mutation.reset();
    mutation.mutate(values);
  });
  const conflict = mutation.isError && isVersionConflict(mutation.error);
  return { form, mutation, submit, conflict, theirs, reload, saved };
};

/** What the alerts and the Save button read, whatever the form's values. */
export interface VersionedSettingsForm {
  form: { formState: { isValid: boolean } };
  mutation: { isError: boolean; isPending: boolean; error: unknown; submittedAt: number };
  submit: () => Promise<void>;
  conflict: boolean;
  reload: () => Promise<boolean>;
  saved: Banner | null;
}
