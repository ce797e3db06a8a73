import { useEffect, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import type { QueryObserverResult } from '@tanstack/react-query';
import { type GetListResult, ListContextProvider, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { DICTIONARY_PAGE_SIZE } from '@/config';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { PageWindow } from '@/layout/PageWindow';
import { totalPagesOf } from '@/layout/pageWindowMath';
import { DictionaryToolbar, type DictionaryTabProps } from '@/resources/dictionary/DictionaryToolbar';
import { ListState, useListRead } from '@/resources/dictionary/ListState';
import { usePortalList } from '@/shared/usePortalList';
import { BulkActionBar } from '@/shared/BulkActionBar';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { PageBannerAlert } from '@/shared/PageBanner';
import { useListSearch } from '@/shared/useListSearch';
import { useRowSelection } from '@/shared/useRowSelection';
import { type DictionaryItem, hasPendingEmbedding } from './dictionaryTypes';
import { GeneratedVariationsDialog } from './GeneratedVariationsDialog';
import { ItemDialog, type ItemDialogTarget, type LatestItem } from './ItemDialog';
import { ItemList, type DeleteTarget } from './ItemList';
import { searchItems } from './searchItems';
import { useDictionaryBulk } from './useDictionaryBulk';
import { useItemActions } from './useItemActions';
import { VariationDialog } from './VariationDialog';

/** While any row or variation is Pending, the list reads its page again this often until all are Ready (spec 4). */
export const PENDING_REFETCH_MS = 2_000;

/** The edited item as the page now has it (the page read again), or null when that failed or it is gone. */
const findLatest = (items: readonly DictionaryItem[], target: ItemDialogTarget): LatestItem | null => {
  for (const item of items) {
    if (target.kind === 'edit' && item.id === target.item.id) return item;
    const variation = target.kind === 'editVariation' ? item.variations?.find(({ _id }) => _id === target.variation._id) : undefined;
    if (variation) return { question: variation.question, answer: item.answer, version: variation.version };
  }
  return null;
};

interface ItemsViewProps {
  resource: DictionaryResource;
  onSearchChange: DictionaryTabProps['onSearchChange'];
}

/** The tab's toolbar, banner, rows, pager and dialogs, over its list context. */
const ItemsView = ({ resource, onSearchChange }: ItemsViewProps) => {
  const translate = useTranslate();
  const read = useListRead();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, total, page, perPage, setPage, refetch } = useListContext<DictionaryItem>();
  const [search, setSearch] = useListSearch('search', { trim: true });
  const actions = useItemActions(resource);
  const bulk = useDictionaryBulk(resource);
  const [dialog, setDialog] = useState<ItemDialogTarget | null>(null);
  const [variationParent, setVariationParent] = useState<DictionaryItem | null>(null);
  const [review, setReview] = useState<{ parent: DictionaryItem; suggestions: string[] } | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  // the server searched (once typing paused); the loaded page is filtered by what is typed now (spec 5).
  // Rows a bulk deletion waits to delete are hidden until Undo or the reload after the call.
  const items = bulk.apply(read.isError ? [] : searchItems(data ?? [], search));
  const selection = useRowSelection(items.map((item) => item.id));

  const latest = async (target: ItemDialogTarget) => {
    const outcome = (await refetch()) as unknown as QueryObserverResult<GetListResult<DictionaryItem>> | undefined;
    return outcome?.isSuccess ? findLatest(outcome.data.data, target) : null;
  };
  /** Undoable like react-admin's bulk delete; one call, one audit row per item (docs/api.md "Bulk work"). */
  const deleteSelected = () => {
    const ids = selection.selected;
    selection.clear();
    bulk.run({
      ids,
      change: 'hide',
      message: 'app.bulk.dictionary.itemsDeleted',
      send: (chosen) => dataProvider.bulkDeleteItems(resource, chosen),
    });
  };

  return (
    <>
      <DictionaryToolbar
        tab={resource}
        search={search}
        onSearchChange={(text) => {
          setSearch(text);
          onSearchChange(text);
        }}
        onAdd={() => setDialog({ kind: 'add' })}
      />
      <PageBannerAlert />
      <ListState read={read} isEmpty={!read.isPending && items.length === 0} emptyKey="app.dictionary.empty.items" />
      <BulkActionBar selection={selection} withSelectAll={items.length > 0}>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={deleteSelected}>
          {translate('app.bulk.dictionary.delete')}
        </Button>
      </BulkActionBar>
      <ItemList
        items={items}
        selection={selection}
        generatingId={actions.generatingId}
        onGenerate={(parent) => actions.generate(parent, (suggestions) => setReview({ parent, suggestions }))}
        onAddVariation={setVariationParent}
        onEdit={(item) => setDialog({ kind: 'edit', item })}
        onEditVariation={(variation, parent) => setDialog({ kind: 'editVariation', variation, parent })}
        onDelete={setDeleting}
      />
      <PageWindow
        page={page}
        perPage={perPage}
        total={read.isError ? 0 : (total ?? 0)}
        onPageChange={setPage}
        messages="app.dictionary.pagination"
      />
      {dialog && (
        <ItemDialog
          resource={resource}
          target={dialog}
          onClose={() => setDialog(null)}
          // spec 4: adding an original returns the list to page 1
          onAdded={() => setPage(1)}
          onReload={() => latest(dialog)}
        />
      )}
      {variationParent && <VariationDialog resource={resource} parent={variationParent} onClose={() => setVariationParent(null)} />}
      {review && (
        <GeneratedVariationsDialog
          resource={resource}
          parent={review.parent}
          suggestions={review.suggestions}
          onClose={() => setReview(null)}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          message={translate('app.dictionary.confirm.item')}
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
 * The Objections or FAQs tab (spec 2): one page of originals with their variations, read
 * through react-admin's list controller; its pager, search and selection are the controller's.
 */
export const ItemsTab = ({ resource, initialSearch, onSearchChange }: DictionaryTabProps & { resource: DictionaryResource }) => {
  const [filterDefaultValues] = useState(() => (initialSearch.trim() ? { search: initialSearch.trim() } : {}));
  const list = usePortalList<DictionaryItem>({
    resource,
    perPage: DICTIONARY_PAGE_SIZE,
    // spec 4: each tab starts from the search typed on the last one, on its page 1; the page's address is its tab's (DictionaryPage)
    disableSyncWithLocation: true,
    storeKey: false,
    filterDefaultValues,
    queryOptions: {
      refetchInterval: (query) => (query.state.data?.data.some(hasPendingEmbedding) ? PENDING_REFETCH_MS : false),
    },
  });
  // spec 4: a deletion can leave the page past the last one: back to the last page. Declared after
  // the controller, so this runs after its own rule (an empty page goes back to page 1) and wins.
  const { data, isFetching, page, perPage, total, setPage } = list;
  const totalPages = totalPagesOf(total ?? 0, perPage);
  useEffect(() => {
    if (data && !isFetching && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [data, isFetching, page, totalPages, setPage]);

  return (
    <ListContextProvider value={list}>
      <ItemsView resource={resource} onSearchChange={onSearchChange} />
    </ListContextProvider>
  );
};
