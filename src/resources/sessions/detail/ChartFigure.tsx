import type { ReactElement, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ResponsiveContainer, type DefaultLegendContentProps } from 'recharts';
import { useNextTaskValue } from '@/shared/useNextTaskValue';

interface ChartFigureProps {
  title: string;
  caption: string;
  /** Read by screen readers instead of the drawing. */
  columns: string[];
  rows: (string | number)[][];
  height?: number;
  /** Drawn outside recharts, at once: a recharts legend is measured and the chart laid out again. */
  legend?: ReactNode;
  children: ReactElement;
}

// Read by screen readers, not drawn (the usual clip pattern).
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

/** The drawing is aria-hidden (the table says it all), so recharts' keyboard layer is off: nothing focusable inside. */
export const ChartFigure = ({ title, caption, columns, rows, height = 260, legend, children }: ChartFigureProps) => {
  // recharts' first draw is the heaviest work of a chart tab: it comes in a task of its own.
  const drawn = useNextTaskValue(true, false);
  return (
    <Paper variant="outlined" component="figure" aria-label={title} sx={{ m: 0, p: 2, flex: '1 1 360px', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {legend && (
        <Box aria-hidden sx={{ mb: 1 }}>
          {legend}
        </Box>
      )}
      <Box aria-hidden sx={{ height }}>
        {drawn && (
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height }}>
            {children}
          </ResponsiveContainer>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="figcaption">
        {caption}
      </Typography>
      {/* a table grows to its content whatever its width: the clip sits on a box around it */}
      <Box style={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Paper>
  );
};

/** recharts' own legend writes names in the series colour and labels each icon in English for screen readers. */
export const ChartLegend = ({ payload = [] }: Pick<DefaultLegendContentProps, 'payload'>) => (
  <Box
    component="ul"
    className="chart-legend"
    sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}
  >
    {payload.map((entry) => (
      <Typography
        key={String(entry.value)}
        component="li"
        variant="caption"
        color="text.primary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      >
        <Box
          component="span"
          className="chart-legend-swatch"
          style={{ backgroundColor: entry.color }}
          sx={
            entry.type === 'line'
              ? { width: 16, height: 3, borderRadius: 1 }
              : { width: 10, height: 10, borderRadius: entry.type === 'circle' ? '50%' : 0.5 }
          }
        />
        {entry.value}
      </Typography>
    ))}
  </Box>
);
