import { useCallback, useMemo } from 'react';
import { type Identifier, useListContext } from 'react-admin';

/** Only `selectable` rows count: a row that leaves the page or stops being selectable drops out without an effect. */
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
    toggleAll: () => onSelect(allSelected ? [] : [...selectable]),
  };
};

export type RowSelection = ReturnType<typeof useRowSelection>;
