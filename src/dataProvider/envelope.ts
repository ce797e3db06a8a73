import type { RaRecord } from 'react-admin';
import type { ApiDeclaration } from './resourceApi';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const getPath = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((current, key) => (isObject(current) ? current[key] : undefined), value);

const idFieldOf = (declaration: ApiDeclaration) => declaration.api.idField ?? '_id';

/** The only place `_id` becomes `id`. */
export const toRecord = (declaration: ApiDeclaration, wire: unknown): RaRecord => {
  const record: Json = isObject(wire) ? { ...wire } : {};
  const idField = idFieldOf(declaration);
  const id = record[idField];
  if (idField === '_id') delete record._id;
  return { ...record, id } as RaRecord;
};

export const toWriteBody = (declaration: ApiDeclaration, data: Partial<RaRecord>): Json => {
  const readOnly = new Set(['id', idFieldOf(declaration), ...(declaration.fields ?? []).filter((f) => f.readOnly).map((f) => f.source)]);
  const schema = declaration.schema as { shape?: Json } | undefined;
  const allowed = isObject(schema?.shape) ? new Set(Object.keys(schema.shape)) : null;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !readOnly.has(key) && (allowed === null || allowed.has(key))));
};

export const listOf = (declaration: ApiDeclaration, body: unknown): unknown[] => {
  if (Array.isArray(body)) return body;
  const list = getPath(body, declaration.api.listKey ?? 'data');
  return Array.isArray(list) ? list : [];
};

export const totalOf = (declaration: ApiDeclaration, body: unknown, fallback: number): number => {
  const { totalKey, listKey } = declaration.api;
  const envelope = listKey?.includes('.') ? listKey.slice(0, listKey.lastIndexOf('.')) : null;
  const candidates = [totalKey, envelope && `${envelope}.pagination.total`, 'pagination.total', 'total'];
  for (const path of candidates) {
    const total = path ? getPath(body, path) : undefined;
    if (typeof total === 'number') return total;
  }
  return fallback;
};

export const itemOf = (declaration: ApiDeclaration, body: unknown): unknown => {
  if (declaration.api.itemKey) return getPath(body, declaration.api.itemKey);
  return isObject(body) && isObject(body.data) ? body.data : body;
};
