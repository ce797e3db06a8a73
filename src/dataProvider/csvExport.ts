/**
 * CSV export of a whole filtered list: fetch every page, flatten nested values into
 * readable columns, neutralise spreadsheet formulas, and prefix a UTF-8 byte-order mark.
 * Pure functions; the button (resources/generic/ExportCsvButton.tsx) drives them.
 */

/** The largest page the APIs serve (limit <= 100). */
export const EXPORT_PAGE_SIZE = 100;
/** Rows an export stops at (pick): a spreadsheet stays usable and the browser responsive. */
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

/**
 * One record as flat columns: nested objects become `parent.child` columns (statistics.*),
 * lists become one cell joined with " | ", dates ISO strings, null and undefined empty.
 */
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

/**
 * The start of a text a spreadsheet would run as a formula (OWASP CSV injection): = + - @ or
 * their full-width forms ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20, which spreadsheets fold to
 * ASCII), also after leading whitespace or line breaks (which spreadsheets skip), and a leading
 * tab or carriage return whatever follows.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/** A text that a spreadsheet would run as a formula gets a leading apostrophe. */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One CSV cell (RFC 4180 quoting); only texts are neutralised, numbers and booleans cannot be formulas. */
export const csvCell = (value: Cell | undefined): string => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Every column any row has, in first-seen order. */
export const columnsOf = (rows: readonly FlatRow[]): string[] => [...new Set(rows.flatMap((row) => Object.keys(row)))];

/** The CSV text with a byte-order mark, so spreadsheets read it as UTF-8. */
export const toCsv = (rows: readonly FlatRow[], columns: readonly string[] = columnsOf(rows)): string =>
  UTF8_BOM + [columns, ...rows.map((row) => columns.map((column) => row[column]))].map((line) => line.map(csvCell).join(',')).join('\r\n');

export interface ExportPage<T> {
  data: T[];
  total?: number;
}

export interface ExportResult<T> {
  rows: T[];
  /** How many rows matched on the server. */
  total: number;
  /** true when the cap stopped the export before the total. */
  capped: boolean;
}

export interface FetchAllOptions {
  pageSize?: number;
  cap?: number;
  onProgress?: (progress: { exported: number; total: number }) => void;
}

/** Fetches pages 1, 2, ... until the total (or a short page) or the cap. */
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

/** What the admin is told when the export ends (i18n key and its values). */
export const exportSummary = ({ rows, total, capped }: Pick<ExportResult<unknown>, 'rows' | 'total' | 'capped'>) =>
  capped
    ? { key: 'app.export.limitReached', options: { exported: rows.length, total } }
    : { key: 'app.export.done', options: { exported: rows.length, smart_count: rows.length } };

/** `users-2024-05-01`: the file name without its extension (downloadCSV adds `.csv`). */
export const exportFileName = (resource: string, now = new Date()) => `${resource}-${now.toISOString().slice(0, 10)}`;
