import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { InsightItems } from '@/contract/insights';
import { ChartFigure, ChartLegend } from '@/resources/sessions/detail/ChartFigure';
import { SERIES_PALETTES, useChartTheme } from '@/resources/sessions/detail/chartColors';
import { trendLines, trendRows } from './trendLines';
import { useInsightsFormat } from './useInsightsFormat';

/** Week labels the x axis can write side by side without overlapping. */
const MAX_TICKS = 8;

/**
 * The top items' rate per 100 calls per week. Risers are warm, thick and solid, the others cool,
 * thin and dashed, so they differ without colour too; the shades are the series palettes' (3:1 on paper).
 */
export const TrendChart = ({ data }: { data: InsightItems }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const chart = useChartTheme();
  const palette = SERIES_PALETTES[useTheme().palette.mode];
  const warm = [palette.emotions.angry, palette.emotions.surprised, palette.competitor, palette.landmine, palette.emotions.disgusted];
  const cool = [palette.emotions.sad, palette.kinds.faq, palette.emotions.fearful, palette.emotions.happy, palette.emotions.neutral];
  const lines = trendLines(data);
  const rows = trendRows(data.period.weeks, lines);
  const names = lines.map(({ item, riser }) => (riser ? translate('app.insights.chart.rising', { label: item.label }) : item.label));
  const strokes = lines.map(({ riser }, index) => (riser ? warm[index % warm.length] : cool[index % cool.length]));
  const points = rows.map(({ week, rates }) => ({
    week: format.week(week),
    ...Object.fromEntries(rates.map((rate, index) => [`line${index}`, rate])),
  }));
  const weekLabel = translate('app.insights.chart.week');
  return (
    <ChartFigure
      title={translate('app.insights.chart.title')}
      caption={translate('app.insights.chart.caption', { count: format.count(lines.length), smart_count: lines.length })}
      columns={[weekLabel, ...names]}
      rows={rows.map(({ week, rates }) => [
        format.week(week),
        ...rates.map((rate) => (rate === null ? format.noValue : format.rate(rate))),
      ])}
      height={270}
      legend={<ChartLegend payload={names.map((name, index) => ({ value: name, color: strokes[index], type: 'line' }))} />}
    >
      <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 28, bottom: 8, left: 0 }}>
        <CartesianGrid {...chart.grid} {...chart.horizontalGrid} />
        <XAxis dataKey="week" {...chart.axis} interval={Math.max(0, Math.ceil(points.length / MAX_TICKS) - 1)} />
        <YAxis {...chart.axis} width={48} tickFormatter={(value: number) => format.rate(value)} />
        <Tooltip
          {...chart.tooltip}
          cursor={chart.lineCursor}
          separator={translate('app.sessions.tooltipSeparator')}
          formatter={(value) => format.rate(Number(value))}
        />
        {lines.map(({ item, riser }, index) => {
          const stroke = strokes[index];
          return (
            <Line
              key={item.key}
              dataKey={`line${index}`}
              name={names[index]}
              stroke={stroke}
              strokeWidth={riser ? 3.5 : 1.5}
              strokeDasharray={riser ? undefined : '6 3'}
              dot={riser ? { r: 3, fill: stroke, stroke: chart.background } : false}
              connectNulls
              isAnimationActive={false}
            />
          );
        })}
      </LineChart>
    </ChartFigure>
  );
};
