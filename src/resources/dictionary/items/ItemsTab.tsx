import { useEffect, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { DICTIONARY_PAGE_SIZE } from '@/config';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { BulkActionBar } from '@/shared/BulkActionBar';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import { useRowSelection } from '@/shared/useRowSelection';
import type { DictionaryItem } from './dictionaryTypes';
import { GeneratedVariationsDialog } from './GeneratedVariationsDialog';
import { ItemDialog, type ItemDialogTarget } from './ItemDialog';
import { ItemList } from './ItemList';
import { ListState, useListFailure } from '@/shared/ListState';
import { PageWindow } from '@/layout/PageWindow';
import { totalPagesOf } from '@/layout/pageWindowMath';
import { searchItems } from './searchItems';
import type { BannerControls } from '@/shared/useBanner';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { useDictionaryBulk } from './useDictionaryBulk';
import { useDictionaryItems } from './useDictionaryItems';
import { useItemActions } from './useItemActions';
import { VariationDialog } from './VariationDialog';

interface ItemsTabProps {
  resource: DictionaryResource;
  search: string;
  page: number;
  onPageChange: (page: number) => void;
  adding: boolean;
  onAddClose: () => void;
  banner: BannerControls;
}

/** The Objections or FAQs tab: one page of originals, its dialogs and its writes. */
export const ItemsTab = ({ resource, search, page, onPageChange, adding, onAddClose, banner }: ItemsTabProps) => {
  const translate = useTranslate();
  const query = useDictionaryItems(resource, page, useDebouncedValue(search));
  const { data } = query;
  const { isPending, isError, retrying } = useListFailure(query);
  const actions = useItemActions(resource, banner, () => onPageChange(1));
  const [editing, setEditing] = useState<ItemDialogTarget | null>(null);
  const [variationParent, setVariationParent] = useState<DictionaryItem | null>(null);
  const [review, setReview] = useState<{ parent: DictionaryItem; suggestions: string[] } | null>(null);
  const [deleting, setDeleting] = useState<Identifier | null>(null);
  const [generatingId, setGeneratingId] = useState<Identifier | null>(null);
  const total = isError ? 0 : (data?.total ?? 0);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const bulk = useDictionaryBulk(resource, banner);
  // rows a bulk deletion waits to delete are hidden until Undo or the reload after the call
  const items = bulk.apply(isError ? [] : searchItems(data?.items ?? [], search));
  const selection = useRowSelection(items.map((item) => item.id));
  const dialogTarget: ItemDialogTarget | null = adding ? { kind: 'add' } : editing;

  // a deletion can leave the current page past the last one
  const totalPages = totalPagesOf(total, DICTIONARY_PAGE_SIZE);
  useEffect(() => {
    if (data && totalPages > 0 && page > totalPages) onPageChange(totalPages);
  }, [data, page, totalPages, onPageChange]);

  const generate = async (parent: DictionaryItem) => {
    setGeneratingId(parent.id);
    const suggestions = await actions.generate(parent);
    setGeneratingId(null);
    if (suggestions) setReview({ parent, suggestions });
  };
  const closeItemDialog = () => (adding ? onAddClose() : setEditing(null));
  /** Issue 16: undoable like react-admin's bulk delete; one call, one audit row per item (docs/api.md "Bulk work"). */
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
      <ListState
        isPending={isPending}
        isError={isError}
        retrying={retrying}
        isEmpty={!isPending && items.length === 0}
        emptyKey="app.dictionary.empty.items"
      />
      <BulkActionBar selection={selection} withSelectAll={items.length > 0}>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={deleteSelected}>
          {translate('app.bulk.dictionary.delete')}
        </Button>
      </BulkActionBar>
      <ItemList
        items={items}
        selection={selection}
        generatingId={generatingId}
        onGenerate={generate}
        onAddVariation={setVariationParent}
        onEdit={(item) => setEditing({ kind: 'edit', item })}
        onEditVariation={(variation, parent) => setEditing({ kind: 'editVariation', variation, parent })}
        onDelete={setDeleting}
      />
      <PageWindow
        page={page}
        perPage={DICTIONARY_PAGE_SIZE}
        total={total}
        onPageChange={onPageChange}
        messages="app.dictionary.pagination"
      />
      {dialogTarget && (
        <ItemDialog
          resource={resource}
          target={dialogTarget}
          onClose={closeItemDialog}
          onSave={(values) => actions.saveItem(dialogTarget, values)}
          onReload={() => actions.latest(dialogTarget)}
        />
      )}
      {variationParent && (
        <VariationDialog
          parent={variationParent}
          onClose={() => setVariationParent(null)}
          onSave={(question) => actions.addVariation(variationParent, question)}
        />
      )}
      {review && (
        <GeneratedVariationsDialog
          question={review.parent.question}
          suggestions={review.suggestions}
          onClose={() => setReview(null)}
          onSave={(questions) => actions.saveGenerated(review.parent, questions)}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          message={translate('app.dictionary.confirm.item')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            void actions.remove(deleting);
          }}
        />
      )}
    </>
  );
};
