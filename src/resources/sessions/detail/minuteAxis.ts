import { useTranslate } from 'react-admin';
import type { XAxisProps } from 'recharts';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { useChartTheme } from './chartColors';

/**
 * The time axis of the charts over the call (sentiment, speech rate): minutes of the call in the
 * theme's colours, and the tooltip's title naming the minute. `xAxis` is spread on recharts'
 * XAxis, `tooltipLabel` is the Tooltip's labelFormatter.
 */
export const useMinuteAxis = (label: string) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const chart = useChartTheme();
  const xAxis: XAxisProps = {
    type: 'number',
    dataKey: 'minute',
    domain: [0, 'dataMax'],
    ...chart.axis,
    tickFormatter: (value: number) => format.decimal(value),
    label: { value: label, position: 'insideBottom', offset: -8, ...chart.axisLabel },
  };
  const tooltipLabel = (value: unknown) => `${translate('app.sessions.labelled', { label })} ${format.decimal(Number(value))}`;
  return { xAxis, tooltipLabel };
};
