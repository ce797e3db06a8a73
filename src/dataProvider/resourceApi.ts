import type { ZodType } from 'zod';

/**
 * How a resource maps onto the API (docs/architecture.md). Read by the generic dataProvider only.
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
  /**
   * An item's read asks for a variant of the answer (`query`), which `expand` turns back into
   * the contract's shape: e.g. a session's detail without its repeated texts.
   */
  itemRead?: { query: Record<string, string>; expand: (item: unknown) => unknown };
  /**
   * Filter names a list keeps beside its filters for its own display (a filter's name for its
   * chip), never sent: the list's reads, its walk and its export leave them out.
   */
  localFilters?: readonly string[];
}

/**
 * What the dataProvider reads of a resource's declaration (resources/types.ts extends it with
 * the views). It lives here so the dataProvider needs nothing from resources/: the
 * dependencies point one way, resources -> dataProvider.
 */
export interface ApiDeclaration {
  name: string;
  api: ResourceApi;
  /** The record's wire schema (src/contract); when an object schema, write bodies keep only its keys. */
  schema?: ZodType;
  /** Fields marked `readOnly` are not sent on create/update. */
  fields?: readonly { source: string; readOnly?: boolean }[];
}

export const findResource = <D extends ApiDeclaration>(registry: readonly D[], name: string): D | undefined =>
  registry.find((resource) => resource.name === name);
