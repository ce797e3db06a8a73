import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { ApiDeclaration } from './resourceApi';
import { itemOf, listOf, toRecord, toWriteBody, totalOf } from './envelope';
import type { HttpClient, QueryValue } from './httpClient';

const sortAndPage = (records: RaRecord[], { pagination, sort }: GetListParams) => {
  const sorted = sort?.field
    ? [...records].sort((a, b) => {
        const [x, y] = [a[sort.field], b[sort.field]];
        const order = x === y ? 0 : x > y ? 1 : -1;
        return sort.order === 'DESC' ? -order : order;
      })
    : records;
  if (!pagination) return sorted;
  const start = (pagination.page - 1) * pagination.perPage;
  return sorted.slice(start, start + pagination.perPage);
};

export const createSpecDialect = (http: HttpClient, lookup: (resource: string) => ApiDeclaration): DataProvider => {
  const itemPath = (declaration: ApiDeclaration, id: RaRecord['id']) => `${declaration.api.path}/${encodeURIComponent(String(id))}`;

  const getOne = async (resource: string, { id }: { id: RaRecord['id'] }) => {
    const declaration = lookup(resource);
    const { itemRead } = declaration.api;
    const body = await http.request(itemPath(declaration, id), itemRead ? { query: itemRead.query } : undefined);
    const item = itemOf(declaration, body);
    return { data: toRecord(declaration, itemRead ? itemRead.expand(item) : item) };
  };

  const getList = async (resource: string, params: GetListParams) => {
    const declaration = lookup(resource);
    const { path, listPath, paging, localFilters = [] } = declaration.api;
    const filter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([name]) => !localFilters.includes(name))) as Record<
      string,
      QueryValue
    >;
    const url = listPath ?? (paging === 'grouped' ? `${path}/grouped` : path);
    if (paging === 'all') {
      const records = listOf(declaration, await http.request(url, { query: filter })).map((r) => toRecord(declaration, r));
      return { data: sortAndPage(records, params), total: records.length };
    }
    const { page = 1, perPage = 15 } = params.pagination ?? {};
    const body = await http.request(url, { query: { page, limit: perPage, ...filter } });
    const data = listOf(declaration, body).map((r) => toRecord(declaration, r));
    return { data, total: totalOf(declaration, body, data.length) };
  };

  const create = async (resource: string, { data }: { data: Partial<RaRecord> }) => {
    const declaration = lookup(resource);
    const body = await http.request(declaration.api.path, { method: 'POST', body: toWriteBody(declaration, data) });
    const created = itemOf(declaration, body);
    return { data: created && typeof created === 'object' ? toRecord(declaration, created) : ({ ...data } as RaRecord) };
  };

  const update = async (resource: string, { id, data }: { id: RaRecord['id']; data: Partial<RaRecord> }) => {
    const declaration = lookup(resource);
    const body = await http.request(itemPath(declaration, id), { method: 'PUT', body: toWriteBody(declaration, data) });
    const updated = itemOf(declaration, body);
    const record = updated && typeof updated === 'object' ? toRecord(declaration, updated) : null;
    return { data: record?.id !== undefined ? record : ({ ...data, id } as RaRecord) };
  };

  /** docs/api.md "Versions": a record changed since the admin saw it is refused with 409. */
  const remove = async (resource: string, { id, previousData }: { id: RaRecord['id']; previousData?: RaRecord }) => {
    const version = previousData?.version;
    await http.request(itemPath(lookup(resource), id), {
      method: 'DELETE',
      ...(typeof version === 'number' ? { query: { version } } : {}),
    });
    return { data: previousData ?? ({ id } as RaRecord) };
  };

  return {
    getList,
    getOne,
    getMany: async (resource, { ids }) => ({
      data: await Promise.all(ids.map(async (id) => (await getOne(resource, { id })).data)),
    }),
    getManyReference: (resource, { target, id, filter, ...rest }) => getList(resource, { ...rest, filter: { ...filter, [target]: id } }),
    create,
    update,
    updateMany: async (resource, { ids, data }) => {
      await Promise.all(ids.map((id) => update(resource, { id, data })));
      return { data: ids };
    },
    delete: remove,
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => remove(resource, { id })));
      return { data: ids };
    },
  } as DataProvider;
};
