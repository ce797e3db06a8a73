import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { BulkActionBar } from '@/shared/BulkActionBar';
import type { RowSelection } from '@/shared/useRowSelection';
import type { Landmine } from '@/resources/dictionary/items/dictionaryTypes';

interface LandmineBulkBarProps {
  selection: RowSelection;
  landmines: readonly Landmine[];
  run: (ids: readonly Identifier[], action: 'activate' | 'deactivate' | 'delete') => void;
}

/** Activate and Deactivate send only the rows whose status differs. */
export const LandmineBulkBar = ({ selection, landmines, run }: LandmineBulkBarProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const start = (action: 'activate' | 'deactivate' | 'delete') => {
    const wanted = action === 'activate';
    const ids =
      action === 'delete'
        ? selection.selected
        : landmines.filter((landmine) => selection.isSelected(landmine.id) && landmine.isActive !== wanted).map(({ id }) => id);
    selection.clear();
    if (ids.length === 0) notify('app.bulk.dictionary.nothingToChange', { type: 'info' });
    else run(ids, action);
  };
  return (
    <BulkActionBar selection={selection} withSelectAll>
      <Button size="small" onClick={() => start('activate')}>
        {translate('app.bulk.dictionary.activate')}
      </Button>
      <Button size="small" onClick={() => start('deactivate')}>
        {translate('app.bulk.dictionary.deactivate')}
      </Button>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => start('delete')}>
        {translate('app.bulk.dictionary.delete')}
      </Button>
    </BulkActionBar>
  );
};
