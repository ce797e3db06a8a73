import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface StatTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** One figure with its label; the label names the figure for assistive technology too. */
export const StatTile = ({ label, value, hint }: StatTileProps) => (
  <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 1.5, flex: '1 1 150px', minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="h3" sx={{ m: 0 }}>
      {label}
    </Typography>
    <Typography variant="h6" component="div" sx={{ m: 0, lineHeight: 1.3 }}>
      {value}
    </Typography>
    {hint ? (
      <Typography variant="caption" color="text.secondary" component="div">
        {hint}
      </Typography>
    ) : null}
  </Paper>
);

export const StatRow = ({ children }: { children: ReactNode }) => (
  <Typography component="div" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
    {children}
  </Typography>
);
