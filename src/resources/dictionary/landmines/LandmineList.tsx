import { useState } from 'react';
import Stack from '@mui/material/Stack';
import type { QueryObserverResult } from '@tanstack/react-query';
import { type GetListResult, type Identifier, ListContextProvider, useListContext, useTranslate } from 'react-admin';
import { DictionaryToolbar, type DictionaryTabProps } from '@/resources/dictionary/DictionaryToolbar';
import type { Landmine } from '@/resources/dictionary/items/dictionaryTypes';
import { searchLandmines } from '@/resources/dictionary/items/searchItems';
import { ListState, useListRead } from '@/resources/dictionary/ListState';
import { usePortalList } from '@/shared/usePortalList';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { PageBannerAlert } from '@/shared/PageBanner';
import { useListSearch } from '@/shared/useListSearch';
import { useRowSelection } from '@/shared/useRowSelection';
import { LandmineBulkBar } from './LandmineBulkBar';
import { LandmineDialog } from './LandmineDialog';
import { LandmineRow } from './LandmineRow';
import { useLandmineActions, useLandmineBulk } from './useLandmineActions';

/** spec 7: GET /landmines answers every landmine at once; the tab shows them all, on one page. */
const ALL_ON_ONE_PAGE = Number.MAX_SAFE_INTEGER;
/** In the server's order (newest first): no sort of the browser's. */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

type DialogState = { kind: 'add' } | { kind: 'edit'; landmine: Landmine } | null;

/** The tab's toolbar, banner, rows and dialogs, over its list context. */
const LandminesView = ({ onSearchChange }: { onSearchChange: DictionaryTabProps['onSearchChange'] }) => {
  const translate = useTranslate();
  const read = useListRead();
  const { data, refetch } = useListContext<Landmine>();
  const [search, setSearch] = useListSearch('search', { trim: true });
  const actions = useLandmineActions();
  const bulk = useLandmineBulk();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<{ id: Identifier; version?: number } | null>(null);
  // spec 5: filtered in the browser by what is typed now; a pending bulk change shows at once
  // (deleted rows hidden, new status shown) until Undo or the reload
  const landmines = bulk.apply(read.isError ? [] : searchLandmines(data ?? [], search));
  const selection = useRowSelection(landmines.map((landmine) => landmine.id));

  /** The landmine as saved now (the list read again), or null when it cannot be loaded or is gone. */
  const latest = async (id: Identifier) => {
    const outcome = (await refetch()) as unknown as QueryObserverResult<GetListResult<Landmine>> | undefined;
    return outcome?.isSuccess ? (outcome.data.data.find((landmine) => landmine.id === id) ?? null) : null;
  };

  return (
    <>
      <DictionaryToolbar
        tab="landmines"
        search={search}
        onSearchChange={(text) => {
          setSearch(text);
          onSearchChange(text);
        }}
        onAdd={() => setDialog({ kind: 'add' })}
      />
      <PageBannerAlert />
      <ListState read={read} isEmpty={!read.isPending && landmines.length === 0} emptyKey="app.dictionary.empty.landmines" />
      {landmines.length > 0 && <LandmineBulkBar selection={selection} landmines={landmines} run={bulk.run} />}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {landmines.map((landmine) => (
          <LandmineRow
            key={landmine.id}
            landmine={landmine}
            selected={selection.isSelected(landmine.id)}
            onSelect={() => selection.toggle(landmine.id)}
            onToggle={() => actions.toggle(landmine.id)}
            onEdit={() => setDialog({ kind: 'edit', landmine })}
            onDelete={() => setDeleting({ id: landmine.id, version: landmine.version })}
          />
        ))}
      </Stack>
      {dialog?.kind === 'add' && <LandmineDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <LandmineDialog landmine={dialog.landmine} onClose={() => setDialog(null)} onReload={() => latest(dialog.landmine.id)} />
      )}
      {deleting !== null && (
        <ConfirmDialog
          message={translate('app.dictionary.confirm.landmine')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            actions.remove(deleting);
          }}
        />
      )}
    </>
  );
};

/**
 * The Landmines tab (spec 2): every landmine, read through react-admin's list controller; the
 * server searches too once typing pauses, and the screen filters what it has (spec 5).
 */
export const LandmineList = ({ initialSearch, onSearchChange }: DictionaryTabProps) => {
  const [filterDefaultValues] = useState(() => (initialSearch.trim() ? { search: initialSearch.trim() } : {}));
  const list = usePortalList<Landmine>({
    resource: 'landmines',
    perPage: ALL_ON_ONE_PAGE,
    // spec 4: each tab starts from the search typed on the last one, on its page 1; the page's address is its tab's (DictionaryPage)
    disableSyncWithLocation: true,
    storeKey: false,
    sort: SERVER_ORDER,
    filterDefaultValues,
  });
  return (
    <ListContextProvider value={list}>
      <LandminesView onSearchChange={onSearchChange} />
    </ListContextProvider>
  );
};
