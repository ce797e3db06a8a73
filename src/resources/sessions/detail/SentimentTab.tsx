import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import { SPEAKERS } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { ChartFigure, ChartLegend } from './ChartFigure';
import { textOn, useChartTheme } from './chartColors';
import { useMinuteAxis } from './minuteAxis';
import { sentimentLevel, sentimentSeries, seriesTrend } from './chartSeries';
import type { SessionTabProps } from './momentTypes';
import { SentimentEntries } from './SentimentEntries';
import { StatRow, StatTile } from './StatTile';

// The score axis reads in words at its ends and middle: a manager needs "negative", not "-1".
const SCALE_TICKS = [-1, 0, 1];
const SCALE_WORDS: Record<number, string> = { [-1]: 'negative', 0: 'neutral', 1: 'positive' };

/** spec 2, 3, 9: the session summary, the emotion distribution, sentiment over the call and the entries. */
export const SentimentTab = ({ session, start, onOpenMoment }: SessionTabProps) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const chart = useChartTheme();
  const minuteAxis = useMinuteAxis(translate('app.sessions.sentiment.minute'));
  const summary = session.sentimentAnalysis?.sessionSummary;
  const entries = session.sentimentAnalysis?.entries ?? [];
  if (!summary && entries.length === 0) return <Typography color="text.secondary">{translate('app.sessions.sentiment.empty')}</Typography>;

  const emotion = (name: string) => translate(`app.sessions.emotions.${name}`, { _: name });
  const distribution = Object.entries(summary?.emotion_distribution ?? {})
    .map(([name, count]) => ({ name, label: emotion(name), count }))
    .sort((a, b) => b.count - a.count);
  const series = SPEAKERS.map((speaker) => ({
    speaker,
    label: translate(`app.sessions.speakers.${speaker}`),
    points: sentimentSeries(entries, start, speaker, session.duration ?? 0),
  }));
  const level = (score: number) => translate(`app.sessions.sentiment.level.${sentimentLevel(score)}`);
  // the caption says in words how each side's line began, ended and moved
  const seriesSummary = series
    .map(({ label, points }) =>
      points.length
        ? translate('app.sessions.sentiment.speakerTrend', {
            speaker: label,
            start: level(points[0].score),
            end: level(points[points.length - 1].score),
            trend: translate(`app.sessions.sentiment.trendWords.${seriesTrend(points)}`),
          })
        : translate('app.sessions.sentiment.speakerNoEntries', { speaker: label }),
    )
    .join(' ');
  const dominant = summary ? chart.emotion(summary.session_dominant_emotion) : '';
  const minuteLabel = translate('app.sessions.sentiment.minute');
  const scaleWord = (value: number) =>
    value in SCALE_WORDS ? translate(`app.sessions.sentiment.scale.${SCALE_WORDS[value]}`) : format.decimal(value);

  return (
    <Box>
      {summary && (
        <StatRow>
          <StatTile
            label={translate('app.sessions.sentiment.dominant')}
            value={
              <Chip
                label={emotion(summary.session_dominant_emotion)}
                sx={{ bgcolor: dominant, color: textOn(dominant), fontWeight: 600 }}
              />
            }
          />
          <StatTile label={translate('app.sessions.sentiment.confidence')} value={format.confidence(summary.session_confidence, 1)} />
          <StatTile label={translate('app.sessions.sentiment.totalTranscripts')} value={format.number(summary.total_transcripts)} />
          <StatTile
            label={translate('app.sessions.sentiment.averageConfidence')}
            value={format.confidence(summary.average_confidence, 1)}
          />
        </StatRow>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <ChartFigure
          title={translate('app.sessions.sentiment.distribution')}
          caption={translate('app.sessions.sentiment.distributionCaption', {
            summary: distribution.map((d) => `${d.label} ${format.number(d.count)}`).join(', ') || translate('app.sessions.noValue'),
          })}
          columns={[translate('app.sessions.sentiment.emotion'), translate('app.sessions.sentiment.count')]}
          rows={distribution.map((d) => [d.label, format.number(d.count)])}
        >
          <BarChart accessibilityLayer={false} data={distribution} margin={{ top: 20, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid {...chart.grid} vertical={false} />
            <XAxis dataKey="label" {...chart.axis} interval={0} />
            <YAxis allowDecimals={false} {...chart.axis} tickFormatter={(value: number) => format.number(value)} />
            <Tooltip
              {...chart.tooltip}
              separator={translate('app.sessions.tooltipSeparator')}
              cursor={chart.barCursor}
              formatter={(value) => format.number(Number(value))}
            />
            <Bar
              dataKey="count"
              name={translate('app.sessions.sentiment.count')}
              isAnimationActive={false}
              label={{ position: 'top', ...chart.valueLabel, formatter: (value: unknown) => format.number(Number(value)) }}
            >
              {distribution.map((d) => (
                <Cell key={d.name} fill={chart.emotion(d.name)} />
              ))}
            </Bar>
          </BarChart>
        </ChartFigure>
        <ChartFigure
          title={translate('app.sessions.sentiment.overTime')}
          caption={translate('app.sessions.sentiment.overTimeCaption', { summary: seriesSummary })}
          columns={[
            translate('app.sessions.timeline.speakerFilter'),
            minuteLabel,
            translate('app.sessions.sentiment.levelColumn'),
            translate('app.sessions.sentiment.score'),
          ]}
          rows={series.flatMap(({ label, points }) =>
            points.map((p) => [label, format.decimal(p.minute), level(p.score), format.decimal(p.score)]),
          )}
        >
          <LineChart accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 16, left: 8 }}>
            <CartesianGrid {...chart.grid} {...chart.horizontalGrid} />
            <XAxis {...minuteAxis.xAxis} />
            <YAxis type="number" domain={[-1, 1]} ticks={SCALE_TICKS} {...chart.axis} width={72} tickFormatter={scaleWord} />
            <ReferenceLine y={0} stroke={chart.baseline} strokeDasharray="2 4" />
            <Tooltip
              {...chart.tooltip}
              separator={translate('app.sessions.tooltipSeparator')}
              cursor={chart.lineCursor}
              labelFormatter={minuteAxis.tooltipLabel}
              formatter={(value) => `${level(Number(value))} (${format.decimal(Number(value))})`}
            />
            <Legend verticalAlign="top" height={24} content={<ChartLegend />} />
            {series.map(({ speaker, label, points }) => (
              <Line
                key={speaker}
                data={points}
                dataKey="score"
                name={label}
                stroke={chart.series.speakers[speaker]}
                fill={chart.series.speakers[speaker]}
                strokeWidth={2}
                dot={points.length < 30}
                isAnimationActive={false}
                activeDot={{
                  onClick: (_props: unknown, event: unknown) => {
                    const payload = (event as { payload?: { timestamp?: string } } | undefined)?.payload;
                    if (payload?.timestamp) onOpenMoment(payload.timestamp, 'transcript');
                  },
                }}
              />
            ))}
          </LineChart>
        </ChartFigure>
      </Box>
      <Typography variant="subtitle1" component="h3">
        {translate('app.sessions.sentiment.entries')}
      </Typography>
      <SentimentEntries entries={entries} start={start} onOpenMoment={onOpenMoment} />
    </Box>
  );
};
