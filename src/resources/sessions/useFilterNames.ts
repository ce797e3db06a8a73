import { useGetList, useTranslate } from 'react-admin';
import { repLabel } from './repLabel';

const isText = (value: unknown): value is string => typeof value === 'string';

/** The dictionary's landmines by id (a landmine's key, docs/insights.md "Keys") with their triggers; read once needed. */
export const useLandmineNames = (needed: boolean): Map<string, string> => {
  const { data } = useGetList<{ id: string; trigger?: unknown }>(
    'landmines',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'trigger', order: 'ASC' }, filter: {} },
    { enabled: needed },
  );
  return new Map((data ?? []).flatMap(({ id, trigger }) => (isText(trigger) ? [[String(id), trigger] as const] : [])));
};

/** The name Users holds for a rep's address (any case); null while unknown or for an address without a named profile. */
export const useRepName = (email: string | undefined): string | null => {
  const { data } = useGetList<{ id: string; email?: unknown; name?: unknown }>(
    'users',
    { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: { search: email } },
    { enabled: Boolean(email) },
  );
  const wanted = email?.toLowerCase();
  const found = data?.find(
    (user) => isText(user.email) && user.email.toLowerCase() === wanted && isText(user.name) && user.name.trim() !== '',
  );
  return found ? (found.name as string) : null;
};

export const useRepText = () => {
  const translate = useTranslate();
  return (email: string, name: string | null | undefined) => repLabel(translate, email, name);
};
