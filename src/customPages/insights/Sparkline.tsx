import Box from '@mui/material/Box';
import { Line, LineChart, YAxis } from 'recharts';

const WIDTH = 96;
const HEIGHT = 28;

interface SparklineProps {
  /** One value a week, oldest first; null where the week has none. */
  values: readonly (number | null)[];
  /** What the drawing shows, in words: it is the sparkline's accessible name. */
  label: string;
  /** A series colour of the chart theme (3:1 against the paper in both themes). */
  color: string;
}

/**
 * A row's weekly trend, drawn with recharts at a fixed size (no measuring, so a table of two
 * hundred rows stays cheap). The drawing is an image named by its values in words.
 */
export const Sparkline = ({ values, label, color }: SparklineProps) => {
  const data = values.map((value, index) => ({ index, value }));
  return (
    <Box role="img" aria-label={label} sx={{ width: WIDTH, height: HEIGHT, lineHeight: 0 }}>
      <LineChart accessibilityLayer={false} width={WIDTH} height={HEIGHT} data={data} margin={{ top: 3, right: 3, bottom: 3, left: 3 }}>
        <YAxis hide domain={['dataMin', 'dataMax']} />
        <Line dataKey="value" stroke={color} strokeWidth={1.5} dot={false} isAnimationActive={false} connectNulls />
      </LineChart>
    </Box>
  );
};
