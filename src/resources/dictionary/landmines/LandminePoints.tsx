import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LANDMINE_POINTS_PREVIEW } from '@/config';
import { userTextSx } from '@/shared/userText';

interface LandminePointsProps {
  titleKey: string;
  points: { point: string; detail?: string }[];
  color: 'success.main' | 'error.main';
}

/** spec 2, 9 */
export const LandminePoints = ({ titleKey, points, color }: LandminePointsProps) => {
  const translate = useTranslate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  if (points.length === 0) return null;
  const hidden = points.length - LANDMINE_POINTS_PREVIEW;
  const shown = open ? points : points.slice(0, LANDMINE_POINTS_PREVIEW);
  return (
    <Box sx={{ flex: 1, minWidth: 200 }}>
      <Typography variant="subtitle2" sx={{ color }}>
        {translate(titleKey)}
      </Typography>
      <Box component="ul" id={listId} sx={{ m: 0, pl: 2.5 }}>
        {shown.map(({ point, detail }, index) => (
          <Typography component="li" variant="body2" key={index} sx={userTextSx}>
            <bdi>{point}</bdi>
            {detail && <Typography component="span" variant="body2" color="text.secondary">{` (${detail})`}</Typography>}
          </Typography>
        ))}
      </Box>
      {hidden > 0 && (
        <Button
          size="small"
          variant="text"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          sx={{ minWidth: 0, px: 0.5, textTransform: 'none', typography: 'caption' }}
        >
          {open ? translate('app.dictionary.landmine.fewer') : translate('app.dictionary.landmine.more', { count: hidden })}
        </Button>
      )}
    </Box>
  );
};
