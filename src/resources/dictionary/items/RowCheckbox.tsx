import Checkbox from '@mui/material/Checkbox';
import { useTranslate } from 'react-admin';

interface RowCheckboxProps {
  name: string;
  checked: boolean;
  onChange: () => void;
}

/** A native checkbox: Tab and Space work. */
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
