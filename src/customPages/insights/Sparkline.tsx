import Box from '@mui/material/Box';

const WIDTH = 96;
const HEIGHT = 28;
const MARGIN = 3;

interface SparklineProps {
  /** One value a week, oldest first; null where the week has none. */
  values: readonly (number | null)[];
  /** What the drawing shows, in words: it is the sparkline's accessible name. */
  label: string;
  /** A series colour of the chart theme (3:1 against the paper in both themes). */
  color: string;
}

/** The line's points: the weeks spread over the width, the lowest value at the bottom and the highest at the top. */
export const sparklinePoints = (values: readonly (number | null)[]): string => {
  const known = values.filter((value): value is number => value !== null);
  const min = Math.min(...known);
  const max = Math.max(...known);
  const inner = { width: WIDTH - 2 * MARGIN, height: HEIGHT - 2 * MARGIN };
  const x = (index: number) => MARGIN + (values.length > 1 ? (index * inner.width) / (values.length - 1) : inner.width / 2);
  const y = (value: number) => (max === min ? HEIGHT / 2 : MARGIN + ((max - value) * inner.height) / (max - min));
  return values.flatMap((value, index) => (value === null ? [] : [`${x(index).toFixed(1)},${y(value).toFixed(1)}`])).join(' ');
};

/**
 * A row's weekly trend: one line in a word-sized drawing, beside the row's figures. It is drawn
 * as a plain SVG line, not a recharts chart: a table holds up to two hundred rows, and a recharts
 * chart costs about 15 ms to draw, which made the first table of the page wait 400 ms for its
 * twenty-five first lines (docs/insights.md). The drawing is an image named by its values in words;
 * a missing week is skipped, as a line through the weeks around it.
 */
export const Sparkline = ({ values, label, color }: SparklineProps) => (
  <Box role="img" aria-label={label} sx={{ width: WIDTH, height: HEIGHT, lineHeight: 0 }}>
    <svg width={WIDTH} height={HEIGHT} aria-hidden="true" focusable="false">
      <polyline
        points={sparklinePoints(values)}
        fill="none"
        stroke={color}
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  </Box>
);
