import { useMemo } from 'react';
import Link from '@mui/material/Link';
import { CreateButton, Datagrid, List, TopToolbar, useCreatePath, useListContext, useRecordContext, useResourceContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { ReadFailureAlert } from '@/shared/ReadFailure';
import { SavedQueries } from '@/shared/SavedQueries';
import { useErrorText } from '@/shared/useErrorText';
import { type ListColumnsSpec, useListColumns } from '@/shared/useListColumns';
import { useListFailure } from '@/shared/usePortalList';
import type { FieldMeta, ResourceDeclaration } from '@/resources/types';
import { columnOf, exportColumnsOf, listColumnsOf, savedQueryCheckOf } from './fromDeclaration';
import { ExportCsvButton } from './ExportCsvButton';
import { fieldElement, filterElements } from './fieldComponents';

const PER_PAGE = 25;

/** Export from the list's current filters and sort (every page, see ExportCsvButton), the declared fields first. */
const ListExportButton = ({ columns }: { columns: readonly string[] }) => {
  const { resource, filterValues, sort, total } = useListContext();
  return <ExportCsvButton resource={resource} filter={filterValues} sort={sort} columns={columns} disabled={total === 0} />;
};

const ListActions = ({ declaration, columns }: { declaration: ResourceDeclaration; columns: ListColumnsSpec }) => {
  const exportColumns = useMemo(() => exportColumnsOf(declaration.fields), [declaration]);
  const accept = useMemo(() => savedQueryCheckOf(declaration), [declaration]);
  return (
    <TopToolbar>
      {declaration.editable && <CreateButton />}
      <ListExportButton columns={exportColumns} />
      <SavedQueries accept={accept} />
      <ColumnChooser spec={columns} />
    </TopToolbar>
  );
};

/**
 * The generated list, all from the declaration: its list fields as columns (those the admin
 * chose), a filter per `filter` field, sorting on `sortable` ones, server paging, Export, saved
 * queries. A row opens the generated show view.
 */
export const ResourceList = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const fields = declaration.fields ?? [];
  const columns = useMemo(() => listColumnsOf(declaration.fields), [declaration]);
  return (
    <List
      title={declaration.label}
      filters={fields.filter((field) => field.filter).flatMap((field) => filterElements(field, declaration.name))}
      sort={declaration.sort}
      perPage={PER_PAGE}
      exporter={false}
      actions={<ListActions declaration={declaration} columns={columns} />}
      error={<ListReadFailure />}
      sx={TOOLBAR_SX}
    >
      <ListRows declaration={declaration} columns={columns} />
    </List>
  );
};

/** A list that could not be read: the failure with Retry in place of the rows, never "No results found". */
const ListReadFailure = () => {
  const errorText = useErrorText();
  const { error, refetch } = useListContext();
  const { retrying } = useListFailure();
  return (
    <ReadFailureAlert
      message={errorText(error, 'ra.notification.http_error')}
      retrying={retrying}
      staleSince={null}
      staleId=""
      onRetry={() => void refetch()}
    />
  );
};

// The filters and the actions (Export first) wrap onto a second line rather than past the window;
// the list's main column may shrink below its table's width (a flex item's minimum is its content).
const TOOLBAR_SX = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaListToolbar-root': { flexWrap: 'wrap' },
  '& .RaTopToolbar-root': { flexWrap: 'wrap', whiteSpace: 'normal' },
} as const;

// Long values (ids, emails, change lines) wrap so the columns fit the window; on a phone the table
// scrolls inside its frame, never the page.
const ROWS_SX = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& td': { overflowWrap: 'anywhere' },
  '& .MuiChip-root': { height: 'auto', maxWidth: '100%' },
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
} as const;

/**
 * A row's click has no key of its own: its first column is a link to the show (a built-in field's
 * rendering inside it; a declared Field component may hold links of its own, so it stays as it is).
 */
const ShowLinkField = ({ source, inner }: { source: string; inner?: FieldMeta; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource, id: record.id, type: 'show' })}
      onClick={(event: { stopPropagation: () => void }) => event.stopPropagation()}
    >
      {inner ? fieldElement(inner) : String(record[source] ?? '')}
    </Link>
  );
};

const isPlainText = (field: FieldMeta) => !field.Field && (field.type ?? 'text') === 'text';

const firstColumn = (field: FieldMeta) =>
  field.Field ? (
    fieldElement(field)
  ) : (
    <ShowLinkField
      key={field.source}
      source={field.source}
      label={field.label}
      sortable={field.sortable ?? false}
      inner={isPlainText(field) ? undefined : field}
    />
  );

/** The rows, inside the list's context (the admin's column choice is stored per resource). */
const ListRows = ({ declaration, columns }: { declaration: ResourceDeclaration; columns: ListColumnsSpec }) => {
  const { visible } = useListColumns(columns);
  const shown = (declaration.fields ?? []).filter((field) => field.inList && visible.includes(columnOf(field)));
  return (
    <Datagrid rowClick="show" bulkActionButtons={false} sx={ROWS_SX}>
      {shown.map((field, index) => (index === 0 ? firstColumn(field) : fieldElement(field)))}
    </Datagrid>
  );
};
