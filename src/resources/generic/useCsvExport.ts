import { useState } from 'react';
import { downloadCSV, useDataProvider, type RaRecord, type SortPayload } from 'react-admin';
import { columnsOf, exportFileName, exportSummary, fetchAllRows, flattenRecord, toCsv } from '@/dataProvider/csvExport';
import { orderCsvColumns } from './fromDeclaration';

export interface CsvExportOptions {
  resource: string;
  /** The list's current filters and search, as its getList sends them. */
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  /** Rows the screen filters in the browser on top of the server's filters (dictionary search). */
  select?: (rows: RaRecord[]) => RaRecord[];
  /** The CSV's leading columns, in order (exportColumnsOf the declaration's fields); the record's other columns follow. */
  columns?: readonly string[];
}

export type CsvExportState =
  | { kind: 'running'; exported: number; total: number }
  | { kind: 'done'; severity: 'success' | 'warning' | 'error'; key: string; options?: Record<string, unknown> }
  | null;

const DEFAULT_SORT: SortPayload = { field: 'id', order: 'ASC' };

/** Fetches every row matching the list's filters page by page, then downloads them as CSV. */
export const useCsvExport = ({ resource, filter = {}, sort = DEFAULT_SORT, select, columns }: CsvExportOptions) => {
  const dataProvider = useDataProvider();
  const [state, setState] = useState<CsvExportState>(null);

  const run = async () => {
    setState({ kind: 'running', exported: 0, total: 0 });
    try {
      const result = await fetchAllRows(
        (page, perPage) => dataProvider.getList(resource, { pagination: { page, perPage }, sort, filter }),
        { onProgress: (progress) => setState({ kind: 'running', ...progress }) },
      );
      const rows = select ? select(result.rows) : result.rows;
      const flat = rows.map((row) => flattenRecord(row));
      downloadCSV(toCsv(flat, columns && orderCsvColumns(columnsOf(flat), columns)), exportFileName(resource));
      setState({ kind: 'done', severity: result.capped ? 'warning' : 'success', ...exportSummary({ ...result, rows }) });
    } catch {
      setState({ kind: 'done', severity: 'error', key: 'app.export.failed' });
    }
  };

  return { run, state, running: state?.kind === 'running', dismiss: () => setState(null) };
};
