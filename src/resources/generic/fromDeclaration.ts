import type { SavedQuery } from 'react-admin';
import type { ListColumnsSpec } from '@/shared/useListColumns';
import type { FieldMeta, ResourceDeclaration } from '@/resources/types';

/** The column a field fills in a list: its `column` name, else its source. */
export const columnOf = (field: FieldMeta): string => field.column ?? field.source;

/** The name of a list's row-actions column. */
export const ACTIONS_COLUMN = 'actions';

export interface ListColumnsOptions {
  /** Columns the admin cannot hide, by name; default the first list column (the one that tells rows apart). */
  required?: readonly string[];
  /** i18n key of a last column holding the row actions, which always stays. */
  actions?: string;
}

/**
 * A list's columns from its declaration's fields: the `inList` fields in their order, named by
 * `columnOf`, labelled by their `label`; the generated list and the custom lists (with their
 * row actions) both take theirs from here, and so does their column chooser.
 */
export const listColumnsOf = (fields: readonly FieldMeta[] | undefined, options: ListColumnsOptions = {}): ListColumnsSpec => {
  const listed = (fields ?? []).filter((field) => field.inList);
  const labels = new Map(listed.map((field) => [columnOf(field), field.label ?? field.source]));
  const columns = listed.map(columnOf);
  const required = options.required ?? columns.slice(0, 1);
  if (options.actions !== undefined) labels.set(ACTIONS_COLUMN, options.actions);
  return {
    columns: options.actions === undefined ? columns : [...columns, ACTIONS_COLUMN],
    required: options.actions === undefined ? required : [...required, ACTIONS_COLUMN],
    label: (column) => labels.get(column) ?? column,
  };
};

/** The CSV export's leading columns: the id, then every declared field's source, in the declaration's order. */
export const exportColumnsOf = (fields: readonly FieldMeta[] | undefined): string[] => [
  'id',
  ...(fields ?? []).map((field) => field.source).filter((source) => source !== 'id'),
];

/**
 * The CSV's columns, `leading` first: each in the given order, with the dotted columns a nested
 * value flattens into (statistics.*), then any other column the rows carry, as they come.
 */
export const orderCsvColumns = (columns: readonly string[], leading: readonly string[]): string[] => {
  const first = leading.flatMap((name) => {
    const matching = columns.filter((column) => column === name || column.startsWith(`${name}.`));
    return matching.length > 0 ? matching : [name];
  });
  return [...new Set([...first, ...columns])];
};

/** A filter of the generated list: a declared `filter` field, or a date's from/to bound. */
const filterKeysOf = (fields: readonly FieldMeta[]) =>
  new Set(
    fields.filter((field) => field.filter).flatMap(({ source, type }) => (type === 'date' ? [`${source}_gte`, `${source}_lte`] : [source])),
  );

/**
 * Which stored saved queries the generated list can apply: only declared filters with plain
 * values, and a sort on a `sortable` field or the declared sort's; any other would be refused
 * by the API (the audit's filter schema is strict).
 */
export const savedQueryCheckOf = (declaration: Pick<ResourceDeclaration, 'fields' | 'sort'>) => {
  const fields = declaration.fields ?? [];
  const filters = filterKeysOf(fields);
  const sortable = new Set(fields.filter((field) => field.sortable).map((field) => field.source));
  if (declaration.sort) sortable.add(declaration.sort.field);
  return ({ filter = {}, sort }: SavedQuery['value']): boolean =>
    Object.entries(filter).every(([key, value]) => filters.has(key) && ['string', 'number', 'boolean'].includes(typeof value)) &&
    (!sort || (sortable.has(sort.field) && (sort.order === 'ASC' || sort.order === 'DESC')));
};
