import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import { useTranslate } from 'react-admin';
import { useCategoryLabel } from '@/resources/sessions/categoryLabel';
import { SPEAKERS } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { ChartFigure, ChartLegend } from './ChartFigure';
import { useChartTheme } from './chartColors';
import type { SessionTabProps } from './momentTypes';
import { detectionsByCategory, longestMonologues, questionsPerSpeaker, talkRatio } from './sessionStats';
import { StatRow, StatTile } from './StatTile';
import { LandmineTable } from './LandmineTable';
import { toMillis } from './timeline';

interface PieLabelProps {
  x?: number;
  y?: number;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  payload?: { share: number };
}

const firstDetectionOf = (session: SessionTabProps['session'], category: string) => {
  const candidates = [
    ...(session.detectedObjections ?? []).map((d) => ({ ...d, kind: 'objection' as const })),
    ...(session.detectedFAQs ?? []).map((d) => ({ ...d, kind: 'faq' as const })),
    ...(session.newInquiries ?? []).map((d) => ({ ...d, kind: 'inquiry' as const })),
  ].filter((d) => d.category === category);
  return candidates.sort((a, b) => toMillis(a.timestamp) - toMillis(b.timestamp))[0];
};

/** spec 2, 3: the session's statistics, talk ratio, longest monologues, questions and detections by category. */
export const StatisticsTab = ({ session, onOpenMoment }: SessionTabProps) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const chart = useChartTheme();
  const stats = session.statistics;
  const transcripts = session.transcripts ?? [];
  const ratio = talkRatio(transcripts);
  const monologues = longestMonologues(transcripts);
  const questions = questionsPerSpeaker(transcripts);
  const categories = detectionsByCategory(session);
  const categoryLabel = useCategoryLabel();
  const speaker = (name: (typeof SPEAKERS)[number]) => translate(`app.sessions.speakers.${name}`);
  const slices = SPEAKERS.map((name) => ({ name, label: speaker(name), words: ratio.words[name], share: ratio.share[name] }));

  return (
    <Box>
      <StatRow>
        <StatTile
          label={translate('app.sessions.statistics.transcripts')}
          value={format.number(stats?.totalTranscripts ?? transcripts.length)}
          hint={translate('app.sessions.statistics.transcriptsBySpeaker', {
            salesperson: format.number(stats?.salespersonTranscripts ?? 0),
            customer: format.number(stats?.customerTranscripts ?? 0),
          })}
        />
        <StatTile label={translate('app.sessions.statistics.objections')} value={format.number(stats?.totalObjections ?? 0)} />
        <StatTile label={translate('app.sessions.statistics.faqs')} value={format.number(stats?.totalFAQs ?? 0)} />
        <StatTile label={translate('app.sessions.statistics.inquiries')} value={format.number(stats?.totalNewInquiries ?? 0)} />
        <StatTile label={translate('app.sessions.statistics.responseRate')} value={format.percent(Math.round(stats?.responseRate ?? 0))} />
      </StatRow>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <ChartFigure
          title={translate('app.sessions.statistics.talkRatio')}
          caption={translate('app.sessions.statistics.talkRatioCaption', {
            summary: slices.map((s) => `${s.label} ${format.percent(s.share)}`).join(', '),
          })}
          columns={[
            translate('app.sessions.statistics.speaker'),
            translate('app.sessions.statistics.share'),
            translate('app.sessions.statistics.wordsColumn'),
          ]}
          rows={slices.map((s) => [s.label, format.percent(s.share), format.number(s.words)])}
          height={240}
        >
          <PieChart accessibilityLayer={false}>
            {/* the drawing is aria-hidden (ChartFigure): its slices take no keyboard stop */}
            <Pie
              rootTabIndex={-1}
              data={slices}
              dataKey="words"
              nameKey="label"
              innerRadius="50%"
              outerRadius="80%"
              isAnimationActive={false}
              stroke={chart.background}
              labelLine={{ stroke: chart.mutedText }}
              label={({ x, y, textAnchor, payload }: PieLabelProps) => (
                <text
                  x={x}
                  y={y}
                  textAnchor={textAnchor}
                  dominantBaseline="central"
                  {...chart.valueLabel}
                  className="recharts-pie-label-text"
                >
                  {format.percent(payload?.share ?? 0)}
                </text>
              )}
            >
              {slices.map((s) => (
                <Cell key={s.name} fill={chart.series.speakers[s.name]} />
              ))}
            </Pie>
            <Tooltip
              {...chart.tooltip}
              separator={translate('app.sessions.tooltipSeparator')}
              formatter={(value) =>
                translate('app.sessions.statistics.wordsValue', { smart_count: Number(value), words: format.number(Number(value)) })
              }
            />
            <Legend content={<ChartLegend />} />
          </PieChart>
        </ChartFigure>
        <Paper variant="outlined" sx={{ p: 2, flex: '1 1 320px' }}>
          <Table size="small" aria-label={translate('app.sessions.statistics.longestMonologue')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.sessions.statistics.speaker')}</TableCell>
                <TableCell>{translate('app.sessions.statistics.longestMonologue')}</TableCell>
                <TableCell>{translate('app.sessions.statistics.questions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {SPEAKERS.map((name) => {
                const monologue = monologues[name];
                return (
                  <TableRow key={name}>
                    <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      <Box
                        component="span"
                        aria-hidden
                        sx={{
                          display: 'inline-block',
                          width: 10,
                          height: 10,
                          borderRadius: '50%',
                          bgcolor: chart.series.speakers[name],
                          mr: 1,
                        }}
                      />
                      {speaker(name)}
                    </TableCell>
                    <TableCell>
                      {monologue ? (
                        <Link component="button" type="button" onClick={() => onOpenMoment(monologue.timestamp, 'transcript')}>
                          {translate('app.sessions.statistics.monologueValue', {
                            duration: format.duration(monologue.seconds),
                            smart_count: monologue.words,
                            words: format.number(monologue.words),
                          })}
                        </Link>
                      ) : (
                        translate('app.sessions.noValue')
                      )}
                    </TableCell>
                    <TableCell>{format.number(questions[name])}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      </Box>
      <LandmineTable session={session} onOpenMoment={onOpenMoment} />
      <Typography variant="subtitle1" component="h3">
        {translate('app.sessions.statistics.detections')}
      </Typography>
      {categories.length === 0 ? (
        <Typography color="text.secondary">{translate('app.sessions.statistics.noDetections')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('app.sessions.statistics.detections')} sx={{ maxWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sessions.statistics.category')}</TableCell>
              <TableCell align="right">{translate('app.sessions.statistics.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {categories.map(({ category, count }) => {
              const first = firstDetectionOf(session, category);
              return (
                <TableRow key={category}>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      title={category}
                      onClick={() => first && onOpenMoment(first.timestamp, first.kind)}
                    >
                      {categoryLabel(category)}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{format.number(count)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
