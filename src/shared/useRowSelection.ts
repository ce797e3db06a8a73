import { useCallback, useState } from 'react';
import type { Identifier } from 'react-admin';

/**
 * Which rows of the page shown are selected for a bulk action. Only `selectable` rows count:
 * a row that leaves the page (another page, a search, a refetch) or stops being selectable
 * (deleted, the admin's own account) drops out of the selection without an effect.
 */
export const useRowSelection = (selectable: readonly Identifier[]) => {
  const [chosen, setChosen] = useState<readonly Identifier[]>([]);
  const selected = chosen.filter((id) => selectable.includes(id));
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const toggle = useCallback(
    (id: Identifier) => setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id])),
    [],
  );
  const clear = useCallback(() => setChosen([]), []);
  return {
    selected,
    isSelected: (id: Identifier) => selected.includes(id),
    toggle,
    clear,
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    /** Select-all on the page: all when some or none are selected, none when all are. */
    toggleAll: () => setChosen(allSelected ? [] : [...selectable]),
  };
};

export type RowSelection = ReturnType<typeof useRowSelection>;
