import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Variation } from './dictionaryTypes';
import { EmbeddingBadge } from './EmbeddingBadge';
import { userTextSx } from '@/shared/userText';

interface VariationRowProps {
  variation: Variation;
  onEdit: () => void;
  onDelete: () => void;
}

export const VariationRow = ({ variation, onEdit, onDelete }: VariationRowProps) => {
  const translate = useTranslate();
  return (
    <Box component="li" data-testid="variation-row" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Typography sx={{ ...userTextSx, flex: 1 }}>
        <bdi>{variation.question}</bdi>
      </Typography>
      {variation.category && <Chip size="small" label={variation.category} />}
      <EmbeddingBadge pending={variation.needsEmbedding} />
      <IconButton size="small" aria-label={translate('app.dictionary.row.editVariation')} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={translate('app.dictionary.row.deleteVariation')} onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
};
