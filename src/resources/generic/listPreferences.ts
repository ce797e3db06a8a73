import type { SortPayload } from 'react-admin';
import type { ListColumnsSpec } from '@/shared/useListColumns';
import type { QueryParser } from '@/shared/useSavedQueries';
import type { ResourceDeclaration } from '@/resources/types';

/** A generated list's saved query: its filters and its sort. */
export interface GeneratedListQuery {
  filter: Record<string, unknown>;
  sort: SortPayload;
}

/** The declaration's list columns; the first tells rows apart and always stays. */
export const listColumnsOf = (declaration: ResourceDeclaration): ListColumnsSpec => {
  const fields = (declaration.fields ?? []).filter((field) => field.inList);
  const labels = new Map(fields.map((field) => [field.source, field.label ?? field.source]));
  return {
    list: declaration.name,
    columns: fields.map((field) => field.source),
    required: fields.slice(0, 1).map((field) => field.source),
    label: (column) => labels.get(column) ?? column,
  };
};

/** Reads a saved query back: only the declared filters (a date's from/to bounds too) and a declared sortable field. */
export const queryParserOf = (declaration: ResourceDeclaration): QueryParser<GeneratedListQuery> => {
  const fields = declaration.fields ?? [];
  const filters = new Set(fields.filter((field) => field.filter).flatMap(({ source }) => [source, `${source}_gte`, `${source}_lte`]));
  const sortable = new Set(fields.filter((field) => field.sortable).map((field) => field.source));
  if (declaration.sort) sortable.add(declaration.sort.field);
  return (value) => {
    const { filter, sort } = (value ?? {}) as Partial<Record<keyof GeneratedListQuery, unknown>>;
    if (!filter || typeof filter !== 'object' || Array.isArray(filter) || !sort || typeof sort !== 'object') return null;
    const { field, order } = sort as Record<string, unknown>;
    if (typeof field !== 'string' || !sortable.has(field) || (order !== 'ASC' && order !== 'DESC')) return null;
    const known = Object.entries(filter).filter(
      ([key, inner]) => filters.has(key) && ['string', 'number', 'boolean'].includes(typeof inner),
    );
    return { filter: Object.fromEntries(known), sort: { field, order } };
  };
};
