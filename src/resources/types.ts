import type { ComponentType, ReactNode } from 'react';
import type { FirstRead } from '@/dataProvider/firstRead';
import type { ApiDeclaration, ResourceApi } from '@/dataProvider/resourceApi';

export type { ResourceApi };

/**
 * One field of a resource. The declaration's fields drive its list columns (the generated list's,
 * or a custom list's through listColumnsOf), its column chooser, its CSV export's leading columns,
 * the generated list's filters and sorting, and the generated show view.
 */
export interface FieldMeta {
  /** The record's field; dotted for a nested one ('metadata.roomName'). */
  source: string;
  /** i18n key of its header and label. */
  label?: string;
  /**
   * How the generated list and show render it (default text), and which input the generated
   * create and edit give it: default the schema's kind (text, number, yes/no, a choice, a list
   * of texts); 'longText' is a text on several lines, 'reference' a record of `reference`.
   */
  type?: 'text' | 'longText' | 'boolean' | 'date' | 'chip' | 'list' | 'number' | 'reference';
  /** A choice's values: the list shows each as `app.<resource>.choices.<source>.<value>` and filters with a select of them. */
  choices?: readonly string[];
  /** The resource a 'reference' field names a record of. */
  reference?: string;
  /** i18n key of the help under its input. */
  help?: string;
  /** Its own input in the generated forms, where the spec draws one by hand. */
  input?: ComponentType<FieldInputProps>;
  /** A list column. */
  inList?: boolean;
  /**
   * The list column's name, under which the admin's hidden columns are stored and which a custom
   * list's cells use; default `source`.
   */
  column?: string;
  /** A generated list filter (where the API filters on it): a text box, a yes/no, or a from/to pair (`<source>_gte`, `<source>_lte`) for dates. */
  filter?: boolean;
  /** The generated list sorts on it (only where the API sorts on it). */
  sortable?: boolean;
  /** Never sent on create/update (the dataProvider drops it from write bodies). */
  readOnly?: boolean;
  /** Drawn by the resource's own field component in the generated list and show, in place of `type`'s. */
  Field?: ComponentType<{ source: string; label?: string; sortable?: boolean }>;
}

/** What a field's own input receives. */
export interface FieldInputProps {
  source: string;
  label?: string;
  helperText?: ReactNode;
}

export interface ResourceViews {
  /** A custom list, in place of the generated list and show: it reads its columns from the declaration's fields (listColumnsOf). */
  list?: ComponentType;
}

export interface ResourceDeclaration extends ApiDeclaration {
  fields?: FieldMeta[];
  /**
   * Without `views`, a declaration with `fields` gets the generated list and show
   * (resources/generic); with `views.list`, that list is its one view. Without either it has no
   * screen of its own (the dictionary's resources live on the Dictionary page).
   */
  views?: ResourceViews;
  /** The generated list's initial sort; default id ascending. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /**
   * The generated create and edit (and delete, on the edit page) from the fields not
   * `readOnly`, validated by `schema` (a zod object: the contract's update schema).
   */
  editable?: boolean;
  /** i18n key of the generated views' title. */
  label?: string;
  /**
   * The first read of the page at `/<name>/<rest>` ('' for the list), exactly as the page will
   * ask for it: started before the page renders when a valid token is stored
   * (dataProvider/firstRead.ts). null: that page reads nothing known in advance.
   */
  firstRead?: (rest: string) => FirstRead | null;
}
