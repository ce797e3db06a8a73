import { useCallback, useMemo } from 'react';
import { type Identifier, useListContext } from 'react-admin';

/**
 * Which rows of the page shown are selected for a bulk action, held by react-admin's list
 * controller (`selectedIds`). Only `selectable` rows count: a row that leaves the page (another
 * page, a search, a refetch) or stops being selectable (deleted, the admin's own account) drops
 * out of the selection without an effect.
 */
export const useRowSelection = (selectable: readonly Identifier[]) => {
  const { selectedIds, onSelect, onToggleItem, onUnselectItems } = useListContext();
  const selected = useMemo(() => selectedIds.filter((id) => selectable.includes(id)), [selectedIds, selectable]);
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const clear = useCallback(() => onUnselectItems(), [onUnselectItems]);
  return {
    selected,
    isSelected: (id: Identifier) => selected.includes(id),
    toggle: onToggleItem,
    clear,
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    /** Select-all on the page: all when some or none are selected, none when all are. */
    toggleAll: () => onSelect(allSelected ? [] : [...selectable]),
  };
};

export type RowSelection = ReturnType<typeof useRowSelection>;
