import Box from '@mui/material/Box';

const WIDTH = 96;
const HEIGHT = 28;
const MARGIN = 3;

interface SparklineProps {
  /** Oldest first; null where the week has none. */
  values: readonly (number | null)[];
  /** The accessible name. */
  label: string;
  color: string;
}

export const sparklinePoints = (values: readonly (number | null)[]): string => {
  const known = values.filter((value): value is number => value !== null);
  const min = Math.min(...known);
  const max = Math.max(...known);
  const inner = { width: WIDTH - 2 * MARGIN, height: HEIGHT - 2 * MARGIN };
  const x = (index: number) => MARGIN + (values.length > 1 ? (index * inner.width) / (values.length - 1) : inner.width / 2);
  const y = (value: number) => (max === min ? HEIGHT / 2 : MARGIN + ((max - value) * inner.height) / (max - min));
  return values.flatMap((value, index) => (value === null ? [] : [`${x(index).toFixed(1)},${y(value).toFixed(1)}`])).join(' ');
};

/** Plain SVG, not recharts: a recharts chart costs about 15 ms, which made the first table wait 400 ms (docs/insights.md). */
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
