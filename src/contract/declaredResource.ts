import { z } from 'zod';
import { simpleRestRangeSchema } from './audit';
import { jsonQueryParam, LIMITS, safeText, versionSchema } from './common';
import { dictIdSchema } from './dictionary';

/**
 * The wire shapes of a resource declared on both sides (docs/architecture.md "Adding a resource"), in
 * ra-data-simple-rest's dialect: `?sort=&range=&filter=` lists with Content-Range, JSON bodies,
 * records with `id`, `version`, `createdAt` and `updatedAt` beside the declared fields.
 */
export interface DeclaredContractOptions<Shape extends z.ZodRawShape> {
  /** What an admin writes: create takes these, update these and the version the edit started from. */
  fields: z.ZodObject<Shape>;
  /** Fields the list sorts on (id, createdAt and updatedAt always). */
  sortable?: readonly (keyof Shape & string)[];
  /** Fields the list filters on: a text matches part of the value, any case; a yes/no or a choice matches exactly. */
  filters?: readonly (keyof Shape & string)[];
}

type Schema = z.core.$ZodType;
type Def = { type: string; innerType?: Schema; in?: Schema };
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A field's schema without its default, optional or pipe wrapper: what its values are. */
export const baseSchemaOf = (schema: Schema): Schema => {
  const def = defOf(schema);
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  return inner ? baseSchemaOf(inner) : schema;
};

/** The kind of value a field holds, for the filters here and the portal's generated inputs. */
export const valueKindOf = (schema: Schema): string => defOf(baseSchemaOf(schema)).type;

const textFilter = safeText(z.string().trim().min(1).max(LIMITS.search));

const filterOf = (schema: Schema): z.ZodType => {
  const kind = valueKindOf(schema);
  if (kind === 'boolean') return z.boolean();
  if (kind === 'enum' || kind === 'number') return baseSchemaOf(schema) as z.ZodType;
  return textFilter;
};

export const declaredContract = <Shape extends z.ZodRawShape>({ fields, sortable = [], filters = [] }: DeclaredContractOptions<Shape>) => {
  const filterShape = Object.fromEntries(filters.map((name) => [name, filterOf(fields.shape[name]).optional()]));
  const filterSchema = z.strictObject({
    /** The list's search box: part of any text field, any case. */
    q: textFilter.optional(),
    ...filterShape,
    /** getMany: the ids react-admin asks for. */
    id: z.array(dictIdSchema).max(LIMITS.pageSizeMax).optional(),
  });
  const sortFields = ['id', 'createdAt', 'updatedAt', ...sortable] as [string, ...string[]];
  const record = fields.extend({ id: z.string(), version: z.number().int(), createdAt: z.string(), updatedAt: z.string() });
  return {
    fields,
    create: fields.strict(),
    update: fields.extend({ version: versionSchema.optional() }).strict(),
    record,
    list: z.array(record),
    listQuery: z.object({
      sort: jsonQueryParam(z.tuple([z.enum(sortFields), z.enum(['ASC', 'DESC'])])).default(['createdAt', 'DESC']),
      range: jsonQueryParam(simpleRestRangeSchema).default([0, 24]),
      filter: jsonQueryParam(filterSchema).default({}),
    }),
    params: z.object({ id: dictIdSchema }),
    filterNames: filters,
  };
};

export type DeclaredContract = ReturnType<typeof declaredContract>;
export type DeclaredListQuery = z.infer<DeclaredContract['listQuery']>;
