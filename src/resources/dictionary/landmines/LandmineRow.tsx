import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Landmine, Priority } from '@/resources/dictionary/items/dictionaryTypes';
import { RowCheckbox } from '@/resources/dictionary/items/RowCheckbox';
import { LandminePoints } from './LandminePoints';
import { userTextSx } from '@/shared/userText';

const PRIORITY_COLORS: Record<Priority, 'error' | 'warning' | 'info'> = { high: 'error', medium: 'warning', low: 'info' };

interface LandmineRowProps {
  landmine: Landmine;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Without onSelect the row has no box. */
  selected?: boolean;
  onSelect?: () => void;
}

/** spec 2 */
export const LandmineRow = ({ landmine, onToggle, onEdit, onDelete, selected = false, onSelect }: LandmineRowProps) => {
  const translate = useTranslate();
  const { trigger, priority, category, isActive, triggerVariations = [], quickTips, canSay = [], cannotSay = [] } = landmine;
  return (
    // A dashed outline marks an inactive row: faded text or a grey background would take the red and blue under 4.5:1.
    <Paper
      component="li"
      variant="outlined"
      data-testid="landmine-row"
      sx={{ p: 2, listStyle: 'none', borderStyle: isActive ? undefined : 'dashed' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {onSelect && <RowCheckbox name={trigger} checked={selected} onChange={onSelect} />}
        <Typography component="h3" variant="subtitle1" sx={{ ...userTextSx, fontWeight: 600, flex: 1 }}>
          <bdi>{trigger}</bdi>
        </Typography>
        <Chip
          size="small"
          color={PRIORITY_COLORS[priority] ?? 'default'}
          label={translate(`app.dictionary.landmine.badges.${priority}`, { _: priority })}
        />
        <Chip size="small" variant="outlined" label={category} />
        <Chip
          size="small"
          color={isActive ? 'success' : 'default'}
          label={translate(isActive ? 'app.dictionary.landmine.active' : 'app.dictionary.landmine.inactive')}
        />
        <Button size="small" onClick={onToggle}>
          {translate(isActive ? 'app.dictionary.landmine.deactivate' : 'app.dictionary.landmine.activate')}
        </Button>
        <IconButton aria-label={translate('app.dictionary.row.edit')} onClick={onEdit}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={translate('app.dictionary.row.delete')} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Box>
      {triggerVariations.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
          {triggerVariations.map((variation, index) => (
            <Chip key={index} size="small" variant="outlined" label={variation} />
          ))}
        </Box>
      )}
      {quickTips && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {quickTips}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        <LandminePoints
          titleKey="app.dictionary.landmine.canSay"
          color="success.main"
          points={canSay.map((p) => ({ point: p.point, detail: p.context }))}
        />
        <LandminePoints
          titleKey="app.dictionary.landmine.cannotSay"
          color="error.main"
          points={cannotSay.map((p) => ({ point: p.point, detail: p.reason }))}
        />
      </Box>
    </Paper>
  );
};
