import { useMemo } from 'react';
import { CreateButton, Datagrid, List, TopToolbar, useListContext } from 'react-admin';
import { ColumnChooser } from '@/shared/ColumnChooser';
import { SavedQueries } from '@/shared/SavedQueries';
import { type ListColumnsSpec, useListColumns } from '@/shared/useListColumns';
import type { ResourceDeclaration } from '@/resources/types';
import { ExportCsvButton } from './ExportCsvButton';
import { fieldElement, filterElements } from './fieldComponents';
import { type GeneratedListQuery, listColumnsOf, queryParserOf } from './listPreferences';

const PER_PAGE = 25;

/** Export from the list's current filters and sort (every page, see ExportCsvButton). */
const ListExportButton = () => {
  const { resource, filterValues, sort, total } = useListContext();
  return <ExportCsvButton resource={resource} filter={filterValues} sort={sort} disabled={total === 0} />;
};

/** Save the list's filters and sort under a name, and apply them again in one click. */
const ListSavedQueries = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const { filterValues, sort, setFilters, setSort } = useListContext();
  const parse = useMemo(() => queryParserOf(declaration), [declaration]);
  const apply = (query: GeneratedListQuery) => {
    setFilters(query.filter, {});
    setSort(query.sort);
  };
  return <SavedQueries list={declaration.name} current={{ filter: filterValues, sort }} parse={parse} onApply={apply} />;
};

const ListActions = ({ declaration, columns }: { declaration: ResourceDeclaration; columns: ListColumnsSpec }) => (
  <TopToolbar>
    {!declaration.readOnly && <CreateButton />}
    <ListExportButton />
    <ListSavedQueries declaration={declaration} />
    <ColumnChooser spec={columns} />
  </TopToolbar>
);

/** The generated list: the declaration's list columns (those the admin chose), filters, server paging, Export and saved queries. */
export const ResourceList = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const fields = declaration.fields ?? [];
  const columns = useMemo(() => listColumnsOf(declaration), [declaration]);
  const { visible } = useListColumns(columns);
  return (
    <List
      title={declaration.label}
      filters={fields.filter((field) => field.filter).flatMap(filterElements)}
      sort={declaration.sort}
      perPage={PER_PAGE}
      exporter={false}
      actions={<ListActions declaration={declaration} columns={columns} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        {fields.filter((field) => field.inList && visible.includes(field.source)).map(fieldElement)}
      </Datagrid>
    </List>
  );
};
