import type { ComponentType } from 'react';
import type { FirstRead } from '@/dataProvider/firstRead';
import type { ApiDeclaration, ResourceApi } from '@/dataProvider/resourceApi';

export type { ResourceApi };

/** Field metadata for the generated list, show and form views. */
export interface FieldMeta {
  source: string;
  /** i18n key */
  label?: string;
  type?: 'text' | 'longText' | 'boolean' | 'date' | 'number' | 'chip' | 'select' | 'list';
  choices?: readonly { id: string; name: string }[];
  inList?: boolean;
  /** A list filter: a text box, a choice, a yes/no, or a from/to pair (`<source>_gte`, `<source>_lte`) for dates. */
  filter?: boolean;
  /** The list can sort on it (only where the API sorts on it). */
  sortable?: boolean;
  /** Not sent on create/update. */
  readOnly?: boolean;
}

export interface ResourceViews {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
}

export interface ResourceDeclaration extends ApiDeclaration {
  fields?: FieldMeta[];
  /**
   * Custom views replace the generated ones: a declaration with `views` gets exactly those.
   * One with `fields` and no `views` gets the generated list and show, plus create and edit
   * unless `readOnly` (resources/generic). Without either it has no screen of its own.
   */
  views?: ResourceViews;
  /** No create or edit views (the audit log). */
  readOnly?: boolean;
  /** The generated list's initial sort; default id ascending. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  icon?: ComponentType;
  /** i18n key of the menu label */
  label?: string;
  /**
   * The first read of the page at `/<name>/<rest>` ('' for the list), exactly as the page will
   * ask for it: started before the page renders when a valid token is stored
   * (dataProvider/firstRead.ts). null: that page reads nothing known in advance.
   */
  firstRead?: (rest: string) => FirstRead | null;
}
