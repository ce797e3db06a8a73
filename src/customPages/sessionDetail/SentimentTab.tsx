import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import { formatConfidence } from '@/resources/sessions/formatDuration';
import { SPEAKERS } from '@/resources/sessions/sessionTypes';
import { ChartFigure } from './ChartFigure';
import { emotionColor, SPEAKER_COLORS } from './chartColors';
import { sentimentSeries } from './chartSeries';
import type { SessionTabProps } from './momentTypes';
import { SentimentEntries } from './SentimentEntries';
import { StatRow, StatTile } from './StatTile';

const AXIS = { fontSize: 12 };

/** spec 2, 3, 9: the session summary, the emotion distribution, sentiment over the call and the entries. */
export const SentimentTab = ({ session, start, onOpenMoment }: SessionTabProps) => {
  const translate = useTranslate();
  const summary = session.sentimentAnalysis?.sessionSummary;
  const entries = session.sentimentAnalysis?.entries ?? [];
  if (!summary && entries.length === 0) return <Typography color="text.secondary">{translate('app.sessions.sentiment.empty')}</Typography>;

  const emotion = (name: string) => translate(`app.sessions.emotions.${name}`, { _: name });
  const distribution = Object.entries(summary?.emotion_distribution ?? {})
    .map(([name, count]) => ({ name, label: emotion(name), count }))
    .sort((a, b) => b.count - a.count);
  const series = SPEAKERS.map((speaker) => ({ speaker, label: translate(`app.sessions.speakers.${speaker}`), points: sentimentSeries(entries, start, speaker) }));
  const seriesSummary = series
    .map(({ label, points }) => (points.length ? `${label}: ${points[0].score} → ${points[points.length - 1].score}` : `${label}: -`))
    .join('; ');

  return (
    <Box>
      {summary && (
        <StatRow>
          <StatTile
            label={translate('app.sessions.sentiment.dominant')}
            value={<Chip label={emotion(summary.session_dominant_emotion)} sx={{ bgcolor: emotionColor(summary.session_dominant_emotion), color: '#fff', fontWeight: 600 }} />}
          />
          <StatTile label={translate('app.sessions.sentiment.confidence')} value={formatConfidence(summary.session_confidence, 1)} />
          <StatTile label={translate('app.sessions.sentiment.totalTranscripts')} value={summary.total_transcripts} />
          <StatTile label={translate('app.sessions.sentiment.averageConfidence')} value={formatConfidence(summary.average_confidence, 1)} />
        </StatRow>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <ChartFigure
          title={translate('app.sessions.sentiment.distribution')}
          caption={translate('app.sessions.sentiment.distributionCaption', { summary: distribution.map((d) => `${d.label} ${d.count}`).join(', ') || '-' })}
          columns={[translate('app.sessions.sentiment.emotion'), translate('app.sessions.sentiment.count')]}
          rows={distribution.map((d) => [d.label, d.count])}
        >
          <BarChart data={distribution} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
            <XAxis dataKey="label" tick={AXIS} interval={0} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Bar dataKey="count" name={translate('app.sessions.sentiment.count')} isAnimationActive={false}>
              {distribution.map((d) => <Cell key={d.name} fill={emotionColor(d.name)} />)}
            </Bar>
          </BarChart>
        </ChartFigure>
        <ChartFigure
          title={translate('app.sessions.sentiment.overTime')}
          caption={translate('app.sessions.sentiment.overTimeCaption', { summary: seriesSummary })}
          columns={[translate('app.sessions.timeline.speakerFilter'), translate('app.sessions.sentiment.minute'), translate('app.sessions.sentiment.emotion'), translate('app.sessions.sentiment.score')]}
          rows={series.flatMap(({ label, points }) => points.map((p) => [label, p.minute, emotion(p.emotion), p.score]))}
        >
          <LineChart margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
            <XAxis type="number" dataKey="minute" domain={[0, 'dataMax']} tick={AXIS} label={{ value: translate('app.sessions.sentiment.minute'), position: 'insideBottom', offset: -8, fontSize: 12 }} />
            <YAxis type="number" domain={[-1, 1]} ticks={[-1, -0.5, 0, 0.5, 1]} tick={AXIS} />
            <ReferenceLine y={0} strokeOpacity={0.6} />
            <Tooltip />
            <Legend verticalAlign="top" height={24} />
            {series.map(({ speaker, label, points }) => (
              <Line
                key={speaker}
                data={points}
                dataKey="score"
                name={label}
                stroke={SPEAKER_COLORS[speaker]}
                strokeWidth={2}
                dot={points.length < 60}
                isAnimationActive={false}
                activeDot={{ onClick: (_props: unknown, event: unknown) => {
                  const payload = (event as { payload?: { timestamp?: string } } | undefined)?.payload;
                  if (payload?.timestamp) onOpenMoment(payload.timestamp, 'transcript');
                } }}
              />
            ))}
          </LineChart>
        </ChartFigure>
      </Box>
      <Typography variant="subtitle1" component="h3">{translate('app.sessions.sentiment.entries')}</Typography>
      <SentimentEntries entries={entries} start={start} onOpenMoment={onOpenMoment} />
    </Box>
  );
};
