import { CreateButton, Datagrid, List, TopToolbar, useListContext } from 'react-admin';
import type { ResourceDeclaration } from '../types';
import { ExportCsvButton } from './ExportCsvButton';
import { fieldElement, filterElements } from './fieldComponents';

const PER_PAGE = 25;

/** Export from the list's current filters and sort (every page, see ExportCsvButton). */
const ListExportButton = () => {
  const { resource, filterValues, sort, total } = useListContext();
  return <ExportCsvButton resource={resource} filter={filterValues} sort={sort} disabled={total === 0} />;
};

const ListActions = ({ writable }: { writable: boolean }) => (
  <TopToolbar>
    {writable && <CreateButton />}
    <ListExportButton />
  </TopToolbar>
);

/** The generated list: the declaration's list columns, filters, server paging and Export. */
export const ResourceList = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const fields = declaration.fields ?? [];
  return (
    <List
      title={declaration.label}
      filters={fields.filter((field) => field.filter).flatMap(filterElements)}
      sort={declaration.sort}
      perPage={PER_PAGE}
      exporter={false}
      actions={<ListActions writable={!declaration.readOnly} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        {fields.filter((field) => field.inList).map(fieldElement)}
      </Datagrid>
    </List>
  );
};
