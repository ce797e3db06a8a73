import type { ZodType } from 'zod';

/** How a resource maps onto the API: 'spec' envelopes or ra-data-simple-rest; paged on the server, grouped (originals with variations) or all in the browser. */
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
  /** A variant of the item's answer (`query`) that `expand` turns back into the contract's shape. */
  itemRead?: { query: Record<string, string>; expand: (item: unknown) => unknown };
  /** Filters kept for the list's own display (a chip's name), never sent. */
  localFilters?: readonly string[];
}

/** Lives here, not in resources/, so that dependencies point one way: resources -> dataProvider. */
export interface ApiDeclaration {
  name: string;
  api: ResourceApi;
  /** The record's wire schema (src/contract); when an object schema, write bodies keep only its keys. */
  schema?: ZodType;
  fields?: readonly { source: string; readOnly?: boolean }[];
}

export const findResource = <D extends ApiDeclaration>(registry: readonly D[], name: string): D | undefined =>
  registry.find((resource) => resource.name === name);
