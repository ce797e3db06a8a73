import { useId, useState } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { DictionaryItem, Variation } from './dictionaryTypes';
import { EmbeddingBadge } from './EmbeddingBadge';
import { ItemRowActions, type ItemRowHandlers } from './ItemRowActions';
import { RowCheckbox } from './RowCheckbox';
import { VariationRow } from './VariationRow';
import { userTextSx } from '@/shared/userText';

interface ItemRowProps extends ItemRowHandlers {
  item: DictionaryItem;
  generating: boolean;
  onEditVariation: (variation: Variation) => void;
  onDeleteVariation: (variation: Variation) => void;
  /** Without onSelect the row has no box. */
  selected?: boolean;
  onSelect?: () => void;
}

/** spec 2 */
export const ItemRow = ({ item, onEditVariation, onDeleteVariation, selected = false, onSelect, ...actions }: ItemRowProps) => {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  const variationsId = useId();
  const variations = item.variations ?? [];
  const toggleKey = expanded ? 'app.dictionary.row.hideVariations' : 'app.dictionary.row.showVariations';

  return (
    <Paper component="li" variant="outlined" data-testid="item-row" sx={{ p: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        {onSelect && <RowCheckbox name={item.question} checked={selected} onChange={onSelect} />}
        {variations.length > 0 ? (
          <IconButton
            aria-label={translate(toggleKey)}
            aria-expanded={expanded}
            aria-controls={variationsId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        ) : (
          <Box sx={{ width: 40, flexShrink: 0 }} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ ...userTextSx, fontWeight: 600 }}>
            <bdi>{item.question}</bdi>
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
            {item.isOriginal !== false && <Chip size="small" color="primary" label={translate('app.dictionary.row.original')} />}
            <Chip size="small" label={translate('app.dictionary.row.variationCount', { smart_count: variations.length })} />
            <EmbeddingBadge pending={item.needsEmbedding} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={userTextSx}>
            <bdi>{item.answer}</bdi>
          </Typography>
        </Box>
        <ItemRowActions {...actions} />
      </Box>
      <Collapse in={expanded} unmountOnExit>
        <Box component="ul" id={variationsId} sx={{ pl: 7, m: 0, mt: 1 }}>
          {variations.map((variation) => (
            <VariationRow
              key={variation._id}
              variation={variation}
              onEdit={() => onEditVariation(variation)}
              onDelete={() => onDeleteVariation(variation)}
            />
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
};
