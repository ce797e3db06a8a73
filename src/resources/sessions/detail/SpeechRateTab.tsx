import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import { formatOffset } from '@/resources/sessions/formatDuration';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { useGrowingCount } from '@/shared/useGrowingCount';
import { useSpeechRateSettings } from '@/shared/useSpeechRateSettings';
import { ChartFigure, ChartLegend } from './ChartFigure';
import { useChartTheme } from './chartColors';
import { useMinuteAxis } from './minuteAxis';
import { alertWording, monitoringWindow, speakingRate, withAlerts, wordsPerMinuteLimit } from './chartSeries';
import type { SessionTabProps } from './momentTypes';
import { StatRow, StatTile } from './StatTile';
import { toMillis } from './timeline';

/** spec 2, 3: total alerts, average words per minute, the speaking rate against the limit, the alerts. */
export const SpeechRateTab = ({ session, start, onOpenMoment }: SessionTabProps) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const chart = useChartTheme();
  const analysis = session.speechRateAnalysis;
  const alerts = analysis?.alerts ?? [];
  // The limit comes with each alert; a call without alerts reads the configured settings instead.
  const { data: settings } = useSpeechRateSettings({ enabled: alerts.length === 0 });
  const limit = wordsPerMinuteLimit(alerts, settings);
  // what the limit is in the monitor's own terms (max_words in time_window seconds), shown beside it
  const limitSource = alerts.find((alert) => alert.time_window > 0) ?? (settings && settings.time_window > 0 ? settings : null);
  const totalAlerts = analysis?.totalAlerts ?? alerts.length;
  const window = monitoringWindow(alerts, settings);
  const rate = speakingRate(session.transcripts ?? [], start, session.duration, window);
  const series = rate.points;
  const data = withAlerts(rate, alerts, start);
  const over = series.filter((bucket) => limit !== null && bucket.wpm > limit).length;
  const wpmLabel = translate('app.sessions.speechRate.wpm');
  const minuteLabel = translate('app.sessions.speechRate.minute');
  const minuteAxis = useMinuteAxis(minuteLabel);
  const noValue = translate('app.sessions.noValue');
  // A long call's alerts fill the list in steps (src/shared/useGrowingCount.ts).
  const renderedAlerts = useGrowingCount(alerts.length, 25);

  return (
    <Box>
      <StatRow>
        <StatTile
          label={translate('app.sessions.speechRate.totalAlerts')}
          value={format.number(totalAlerts)}
          hint={translate('app.sessions.speechRate.totalAlertsHint')}
        />
        <StatTile label={translate('app.sessions.speechRate.average')} value={format.number(analysis?.averageWordsPerMinute ?? 0)} />
        <StatTile
          label={translate('app.sessions.speechRate.limit')}
          value={limit === null ? noValue : format.number(limit)}
          hint={
            limitSource
              ? translate('app.sessions.speechRate.limitHint', {
                  max: format.number(limitSource.max_words),
                  window: format.number(limitSource.time_window),
                })
              : undefined
          }
        />
        <StatTile
          label={translate('app.sessions.speechRate.overIntervals')}
          value={
            limit === null
              ? noValue
              : translate('app.sessions.speechRate.overIntervalsValue', {
                  over: format.number(over),
                  intervals: format.number(series.length),
                })
          }
          hint={translate('app.sessions.speechRate.overIntervalsHint', { interval: format.number(rate.intervalSeconds) })}
        />
      </StatRow>
      <Box sx={{ display: 'flex', mb: 2 }}>
        <ChartFigure
          title={translate('app.sessions.speechRate.chart')}
          caption={translate('app.sessions.speechRate.chartCaption', {
            limit: limit === null ? noValue : format.number(limit),
            peak: format.number(Math.max(0, ...series.map((b) => b.wpm))),
            over: format.number(over),
            intervals: format.number(series.length),
            window: format.number(window),
            interval: format.number(rate.intervalSeconds),
            alerts: translate('app.sessions.speechRate.alertCount', { smart_count: totalAlerts }),
          })}
          columns={[minuteLabel, wpmLabel]}
          rows={series.map((bucket) => [format.decimal(bucket.minute), format.number(bucket.wpm)])}
          height={280}
        >
          <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
            <CartesianGrid {...chart.grid} {...chart.horizontalGrid} />
            <XAxis {...minuteAxis.xAxis} />
            <YAxis {...chart.axis} allowDecimals={false} tickFormatter={(value: number) => format.number(value)} />
            <Tooltip
              {...chart.tooltip}
              separator={translate('app.sessions.tooltipSeparator')}
              cursor={chart.lineCursor}
              labelFormatter={minuteAxis.tooltipLabel}
              formatter={(value) => format.wordsPerMinute(Number(value))}
            />
            <Legend verticalAlign="top" height={24} content={<ChartLegend />} />
            <Line
              dataKey="wpm"
              name={wpmLabel}
              stroke={chart.series.speakers.salesperson}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            {/* The alerts as points only: no line joins them, a minute without one has none. */}
            <Line
              dataKey="alert"
              name={translate('app.sessions.speechRate.alerts')}
              stroke={chart.series.limit}
              strokeWidth={0}
              legendType="circle"
              dot={{ r: 5, fill: chart.series.limit, stroke: chart.background, strokeWidth: 1 }}
              activeDot={false}
              isAnimationActive={false}
            />
            {limit !== null && (
              <ReferenceLine
                y={limit}
                stroke={chart.series.limit}
                strokeDasharray="6 4"
                label={{
                  value: translate('app.sessions.speechRate.limitLine', { limit: format.wordsPerMinute(limit) }),
                  // Above the line (its box has no height, so 'bottom' is the line itself), not struck through by it.
                  position: 'insideBottomRight',
                  ...chart.valueLabel,
                  fill: chart.series.limit,
                }}
              />
            )}
          </ComposedChart>
        </ChartFigure>
      </Box>
      <Typography variant="subtitle1" component="h3">
        {translate('app.sessions.speechRate.alerts')}
      </Typography>
      {alerts.length === 0 ? (
        <Typography color="text.secondary">{translate('app.sessions.speechRate.empty')}</Typography>
      ) : (
        <List dense aria-label={translate('app.sessions.speechRate.alerts')}>
          {alerts.slice(0, renderedAlerts).map((alert, index) => (
            <ListItem key={index} disablePadding>
              <ListItemButton onClick={() => onOpenMoment(alert.timestamp, 'alert')}>
                <ListItemText
                  primary={translate('app.sessions.timeline.alert', alertWording(alert, format.number))}
                  secondary={translate('app.sessions.timeline.at', { time: formatOffset((toMillis(alert.timestamp) - start) / 1000) })}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};
