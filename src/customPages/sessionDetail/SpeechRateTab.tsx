import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import { formatOffset } from '@/resources/sessions/formatDuration';
import { ChartFigure } from './ChartFigure';
import { LIMIT_COLOR, SPEAKER_COLORS } from './chartColors';
import { alertPoints, wordsPerMinute, wordsPerMinuteLimit } from './chartSeries';
import type { SessionTabProps } from './momentTypes';
import { StatRow, StatTile } from './StatTile';
import { toMillis } from './timeline';

const AXIS = { fontSize: 12 };

/** spec 2, 3: total alerts, average words per minute, words per minute against the limit, the alerts. */
export const SpeechRateTab = ({ session, start, onOpenMoment }: SessionTabProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const analysis = session.speechRateAnalysis;
  const alerts = analysis?.alerts ?? [];
  // The limit comes with each alert; a call without alerts reads the configured settings instead.
  const { data: settings } = useQuery({
    queryKey: ['speechRate', 'settings'],
    queryFn: () => dataProvider.getSpeechRate(),
    enabled: alerts.length === 0,
  });
  const limit = wordsPerMinuteLimit(alerts, settings);
  const series = wordsPerMinute(session.transcripts ?? [], start, session.duration);
  const points = alertPoints(alerts, start);
  const over = series.filter((bucket) => limit !== null && bucket.wpm > limit).length;
  const wpmLabel = translate('app.sessions.speechRate.wpm');

  return (
    <Box>
      <StatRow>
        <StatTile label={translate('app.sessions.speechRate.totalAlerts')} value={analysis?.totalAlerts ?? alerts.length} />
        <StatTile label={translate('app.sessions.speechRate.average')} value={Math.round(analysis?.averageWordsPerMinute ?? 0)} />
        <StatTile label={translate('app.sessions.speechRate.limit')} value={limit ?? '-'} />
      </StatRow>
      <Box sx={{ display: 'flex', mb: 2 }}>
        <ChartFigure
          title={translate('app.sessions.speechRate.chart')}
          caption={translate('app.sessions.speechRate.chartCaption', {
            limit: limit ?? '-',
            peak: Math.max(0, ...series.map((b) => b.wpm)),
            over,
            minutes: series.length,
          })}
          columns={[translate('app.sessions.speechRate.minute'), wpmLabel]}
          rows={series.map((bucket) => [bucket.minute, bucket.wpm])}
          height={280}
        >
          <ComposedChart data={series} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
            <XAxis type="number" dataKey="minute" domain={[0, 'dataMax']} tick={AXIS} label={{ value: translate('app.sessions.speechRate.minute'), position: 'insideBottom', offset: -8, fontSize: 12 }} />
            <YAxis tick={AXIS} allowDecimals={false} />
            <Tooltip />
            <Legend verticalAlign="top" height={24} />
            <Line dataKey="wpm" name={wpmLabel} stroke={SPEAKER_COLORS.salesperson} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Scatter data={points} dataKey="wpm" name={translate('app.sessions.speechRate.alerts')} fill={LIMIT_COLOR} isAnimationActive={false} />
            {limit !== null && (
              <ReferenceLine y={limit} stroke={LIMIT_COLOR} strokeDasharray="6 4" label={{ value: `${translate('app.sessions.speechRate.limit')}: ${limit}`, position: 'insideTopRight', fontSize: 12, fill: LIMIT_COLOR }} />
            )}
          </ComposedChart>
        </ChartFigure>
      </Box>
      <Typography variant="subtitle1" component="h3">{translate('app.sessions.speechRate.alerts')}</Typography>
      {alerts.length === 0 ? (
        <Typography color="text.secondary">{translate('app.sessions.speechRate.empty')}</Typography>
      ) : (
        <List dense aria-label={translate('app.sessions.speechRate.alerts')}>
          {alerts.map((alert, index) => (
            <ListItemButton key={index} onClick={() => onOpenMoment(alert.timestamp, 'alert')}>
              <ListItemText
                primary={translate('app.sessions.timeline.alert', {
                  wpm: Math.round(alert.words_per_minute),
                  words: alert.total_words,
                  window: alert.time_window,
                  max: alert.max_words,
                })}
                secondary={translate('app.sessions.timeline.at', { time: formatOffset((toMillis(alert.timestamp) - start) / 1000) })}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
};
