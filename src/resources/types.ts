import type { ComponentType } from 'react';
import type { ZodType } from 'zod';

/**
 * How a resource maps onto the API (DESIGN.md 3). Read by the generic dataProvider only.
 * - dialect 'spec': the spec's endpoints (envelopes, `_id`, page/limit query);
 *   'simple-rest': ra-data-simple-rest conventions (`?sort=&range=&filter=`, Content-Range).
 * - paging 'server': the list call sends page/limit and reads a total;
 *   'grouped': the same on the grouped list path (dictionary: originals with variations);
 *   'all': one call returns everything, paged and sorted in the browser.
 */
export interface ResourceApi {
  dialect: 'spec' | 'simple-rest';
  /** Under /api, e.g. '/admin/users'; items live at `${path}/${id}`. */
  path: string;
  /** List path when it differs from `path` (default: path, or `${path}/grouped` for 'grouped'). */
  listPath?: string;
  /** Dotted path of the list in the response, e.g. 'data.users' or 'landmines'; default: the body if an array, else 'data'. */
  listKey?: string;
  /** Dotted path of the total; default: 'pagination.total' beside the list's envelope, then at the root. */
  totalKey?: string;
  /** Dotted path of the item in single-item responses, e.g. 'data' or 'landmine'; default 'data' when present. */
  itemKey?: string;
  paging: 'server' | 'grouped' | 'all';
  /** The record's id on the wire; default '_id'. Translated to react-admin's `id` in the dataProvider only. */
  idField?: '_id' | 'id' | 'sessionId';
}

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

export interface ResourceDeclaration {
  name: string;
  api: ResourceApi;
  /** The record's wire schema (src/contract); when an object schema, write bodies keep only its keys. */
  schema?: ZodType;
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
}
