import TablePagination from '@mui/material/TablePagination';
import { useListContext, useTranslate } from 'react-admin';

interface ListPaginationProps {
  rowsPerPageOptions: readonly number[];
  /** Each screen words its own count. */
  rangeKey: string;
  /** Shown while the first page loads, rather than "0-0 of 0". */
  loadingKey: string;
}

/** react-admin's page is 1-based, MUI's 0-based. */
export const ListPagination = ({ rowsPerPageOptions, rangeKey, loadingKey }: ListPaginationProps) => {
  const translate = useTranslate();
  const { page, perPage, total = 0, data, setPage, setPerPage } = useListContext();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onPageChange={(_event, next) => setPage(next + 1)}
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => (data === undefined ? translate(loadingKey) : translate(rangeKey, { from, to, count }))}
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
    />
  );
};
