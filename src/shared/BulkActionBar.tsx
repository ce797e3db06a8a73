import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { RowSelection } from './useRowSelection';

interface BulkActionBarProps {
  selection: RowSelection;
  /** For lists without a table header to hold it. */
  withSelectAll?: boolean;
  children: ReactNode;
}

export const BulkActionBar = ({ selection, withSelectAll = false, children }: BulkActionBarProps) => {
  const translate = useTranslate();
  const count = selection.selected.length;
  if (count === 0 && !withSelectAll) return null;
  return (
    <Box
      role="toolbar"
      aria-label={translate('app.bulk.selected', { smart_count: count })}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1, minHeight: 40 }}
    >
      {withSelectAll && <SelectAllCheckbox selection={selection} label />}
      {count > 0 && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
            {translate('app.bulk.selected', { smart_count: count })}
          </Typography>
          {children}
          <Button size="small" onClick={selection.clear}>
            {translate('app.bulk.clear')}
          </Button>
        </>
      )}
    </Box>
  );
};

export const SelectAllCheckbox = ({ selection, label = false }: { selection: RowSelection; label?: boolean }) => {
  const translate = useTranslate();
  const text = translate('app.bulk.selectAll');
  const box = (
    <Checkbox
      size="small"
      checked={selection.allSelected}
      indeterminate={selection.someSelected}
      onChange={selection.toggleAll}
      slotProps={{ input: { 'aria-label': text } }}
    />
  );
  return label ? <FormControlLabel control={box} label={text} sx={{ mr: 1 }} /> : box;
};
