import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LANDMINE_POINTS_PREVIEW } from '@/config';

interface LandminePointsProps {
  titleKey: string;
  points: { point: string; detail?: string }[];
  color: 'success.main' | 'error.main';
}

/** spec 2, 9: the first 2 points, then a '+N more' line. */
export const LandminePoints = ({ titleKey, points, color }: LandminePointsProps) => {
  const translate = useTranslate();
  if (points.length === 0) return null;
  const hidden = points.length - LANDMINE_POINTS_PREVIEW;
  return (
    <Box sx={{ flex: 1, minWidth: 200 }}>
      <Typography variant="subtitle2" sx={{ color }}>
        {translate(titleKey)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {points.slice(0, LANDMINE_POINTS_PREVIEW).map(({ point, detail }, index) => (
          <Typography component="li" variant="body2" key={index}>
            {point}
            {detail && <Typography component="span" variant="body2" color="text.secondary">{` (${detail})`}</Typography>}
          </Typography>
        ))}
      </Box>
      {hidden > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.dictionary.landmine.more', { count: hidden })}
        </Typography>
      )}
    </Box>
  );
};
