import Stack from '@mui/material/Stack';
import type { Identifier } from 'react-admin';
import type { RowSelection } from '@/shared/useRowSelection';
import type { DictionaryItem, Variation } from './dictionaryTypes';
import { ItemRow } from './ItemRow';

export interface ItemListHandlers {
  onGenerate: (item: DictionaryItem) => void;
  onAddVariation: (item: DictionaryItem) => void;
  onEdit: (item: DictionaryItem) => void;
  onEditVariation: (variation: Variation, parent: DictionaryItem) => void;
  /** Its version goes with the delete (docs/api.md "Versions"). */
  onDelete: (target: DeleteTarget) => void;
}

export interface DeleteTarget {
  id: Identifier;
  version?: number;
}

interface ItemListProps extends ItemListHandlers {
  items: DictionaryItem[];
  generatingId: Identifier | null;
  selection?: RowSelection;
}

/** spec 2 */
export const ItemList = ({
  items,
  generatingId,
  selection,
  onGenerate,
  onAddVariation,
  onEdit,
  onEditVariation,
  onDelete,
}: ItemListProps) => (
  <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
    {items.map((item) => (
      <ItemRow
        key={item.id}
        item={item}
        generating={generatingId === item.id}
        selected={selection?.isSelected(item.id)}
        onSelect={selection && (() => selection.toggle(item.id))}
        onGenerate={() => onGenerate(item)}
        onAddVariation={() => onAddVariation(item)}
        onEdit={() => onEdit(item)}
        onDelete={() => onDelete({ id: item.id, version: item.version })}
        onEditVariation={(variation) => onEditVariation(variation, item)}
        onDeleteVariation={(variation) => onDelete({ id: variation._id, version: variation.version })}
      />
    ))}
  </Stack>
);
