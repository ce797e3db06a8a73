export const EXPORT_PAGE_SIZE = 100;
/** A spreadsheet stays usable and the browser responsive. */
export const EXPORT_ROW_CAP = 10_000;
export const UTF8_BOM = '\uFEFF';

type Cell = string | number | boolean;
export type FlatRow = Record<string, Cell>;

/** Nested records joined into one cell by their text (variations by question, landmine points by point). */
const TEXT_KEYS = ['question', 'point', 'text', 'name', 'label'] as const;
const LIST_SEPARATOR = ' | ';

const textOf = (item: unknown): string => {
  if (item === null || item === undefined) return '';
  if (typeof item !== 'object') return String(item);
  const record = item as Record<string, unknown>;
  const key = TEXT_KEYS.find((name) => typeof record[name] === 'string');
  return key ? String(record[key]) : JSON.stringify(item);
};

export const flattenRecord = (record: Record<string, unknown>, prefix = ''): FlatRow =>
  Object.entries(record).reduce<FlatRow>((row, [key, value]) => {
    const column = `${prefix}${key}`;
    if (value === null || value === undefined) row[column] = '';
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') row[column] = value;
    else if (value instanceof Date) row[column] = value.toISOString();
    else if (Array.isArray(value)) row[column] = value.map(textOf).join(LIST_SEPARATOR);
    else if (typeof value === 'object') Object.assign(row, flattenRecord(value as Record<string, unknown>, `${column}.`));
    else row[column] = String(value);
    return row;
  }, {});

/** OWASP CSV injection: = + - @ and their full-width forms (spreadsheets fold them to ASCII), after whitespace too, or a leading tab or CR. */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Only texts are neutralised: numbers and booleans cannot be formulas. */
export const csvCell = (value: Cell | undefined): string => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const columnsOf = (rows: readonly FlatRow[]): string[] => [...new Set(rows.flatMap((row) => Object.keys(row)))];

/** The byte-order mark makes spreadsheets read UTF-8. */
export const toCsv = (rows: readonly FlatRow[], columns: readonly string[] = columnsOf(rows)): string =>
  UTF8_BOM + [columns, ...rows.map((row) => columns.map((column) => row[column]))].map((line) => line.map(csvCell).join(',')).join('\r\n');

export interface ExportPage<T> {
  data: T[];
  total?: number;
}

export interface ExportResult<T> {
  rows: T[];
  total: number;
  capped: boolean;
}

export interface FetchAllOptions {
  pageSize?: number;
  cap?: number;
  onProgress?: (progress: { exported: number; total: number }) => void;
}

export const fetchAllRows = async <T>(
  getPage: (page: number, perPage: number) => Promise<ExportPage<T>>,
  { pageSize = EXPORT_PAGE_SIZE, cap = EXPORT_ROW_CAP, onProgress }: FetchAllOptions = {},
): Promise<ExportResult<T>> => {
  const rows: T[] = [];
  let total: number | undefined;
  for (let page = 1; rows.length < Math.min(total ?? Infinity, cap); page += 1) {
    const { data, total: pageTotal } = await getPage(page, pageSize);
    rows.push(...data);
    total = pageTotal ?? (data.length < pageSize ? rows.length : undefined);
    onProgress?.({ exported: Math.min(rows.length, cap), total: total ?? rows.length });
    if (data.length < pageSize) break;
  }
  const matched = Math.max(total ?? rows.length, rows.length);
  return { rows: rows.slice(0, cap), total: matched, capped: matched > cap };
};

export const exportSummary = ({ rows, total, capped }: Pick<ExportResult<unknown>, 'rows' | 'total' | 'capped'>) =>
  capped
    ? { key: 'app.export.limitReached', options: { exported: rows.length, total } }
    : { key: 'app.export.done', options: { exported: rows.length, smart_count: rows.length } };

/** Without its extension: downloadCSV adds `.csv`. */
export const exportFileName = (resource: string, now = new Date()) => `${resource}-${now.toISOString().slice(0, 10)}`;
