import type { ReactNode } from 'react';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useTranslate } from 'react-admin';

export interface ItemRowHandlers {
  onGenerate: () => void;
  onAddVariation: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** spec 2 */
export const ItemRowActions = ({ generating, onGenerate, onAddVariation, onEdit, onDelete }: ItemRowHandlers & { generating: boolean }) => {
  const translate = useTranslate();
  const action = (labelKey: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <IconButton aria-label={translate(labelKey)} title={translate(labelKey)} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {action('app.dictionary.row.generate', generating ? <CircularProgress size={20} /> : <AutoAwesomeIcon />, onGenerate, generating)}
      {action('app.dictionary.row.addVariation', <AddCircleOutlineIcon />, onAddVariation)}
      {action('app.dictionary.row.edit', <EditIcon />, onEdit)}
      {action('app.dictionary.row.delete', <DeleteIcon />, onDelete)}
    </Box>
  );
};
