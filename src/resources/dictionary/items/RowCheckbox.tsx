import Checkbox from '@mui/material/Checkbox';
import { useTranslate } from 'react-admin';

interface RowCheckboxProps {
  /** What the row is called (question or trigger), for the box's accessible name. */
  name: string;
  checked: boolean;
  onChange: () => void;
}

/** A dictionary or landmine row's box for the bulk actions (a native checkbox: Tab and Space work). */
export const RowCheckbox = ({ name, checked, onChange }: RowCheckboxProps) => {
  const translate = useTranslate();
  return (
    <Checkbox
      size="small"
      checked={checked}
      onChange={onChange}
      sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
      slotProps={{ input: { 'aria-label': translate('app.bulk.selectRow', { name }) } }}
    />
  );
};
