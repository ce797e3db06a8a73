import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslate } from 'react-admin';
import type { InsightItem } from '@/contract/insights';
import { lazyFrom } from '@/shared/preloadable';
import { insightRepPath } from '@/shared/paths';
import { type InsightsFilters, searchOfFilters, sessionsLink } from './insightsFilters';
import { ItemName, SessionsLink } from './InsightsTable';
import { SECTION_ANCHORS } from './sectionAnchors';
import { FlagReason } from './RepsSection';
import { loadTrendChart } from './loadTrendChart';
import { trendLines } from './trendLines';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

// Drawn as soon as the items have arrived: ChartFigure leaves recharts' own draw to a task of its own.
const TrendChart = lazyFrom(loadTrendChart, (module) => module.TrendChart);
const CHART_HEIGHT = 380;

/** How many risers, reps and unknown questions the headline names. */
const TOP = 3;

// WCAG 2.2 target size: every link at least 24 px tall, stacked links never overlapping.
const TARGETS_SX = { '& a': { display: 'inline-block', minHeight: 24, lineHeight: '24px', verticalAlign: 'top' } } as const;

const Part = ({ title, anchor, children }: { title: string; anchor: string; children: ReactNode }) => (
  <Box role="group" aria-label={title} sx={{ minWidth: 0 }}>
    <Typography component="h3" variant="subtitle2">
      <Link href={`#${anchor}`}>{title}</Link>
    </Typography>
    <Box sx={{ typography: 'body2' }}>{children}</Box>
  </Box>
);

const List = ({ children }: { children: ReactNode }) => (
  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
    {children}
  </Box>
);

/**
 * The top of Insights, what a sales manager acts on: the period's calls against the previous,
 * the biggest real risers, the reps to watch with the reason, the largest unknown questions and
 * the landmines; each links to the calls behind it or to its section. Read from the sections'
 * own answers (the same queries, shared through the query cache).
 */
export const Headline = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const items = useInsights('items', filters).data;
  const inquiries = useInsights('inquiries', filters).data;
  const reps = useInsights('reps', filters).data;
  const landmines = useInsights('landmines', filters).data;
  useEffect(() => {
    // a failed load is shown by the lazy chart's own try
    loadTrendChart().catch(() => undefined);
  }, []);
  if (!items) return null;
  const { period } = items;
  const byKey = new Map(items.items.map((item) => [item.key, item]));
  const risers = items.risers
    .map((key) => byKey.get(key))
    .filter((item): item is InsightItem => item !== undefined)
    .slice(0, TOP);
  const watched = (reps?.reps ?? []).filter((rep) => rep.flags.length > 0);
  const hits = (landmines?.landmines ?? []).reduce((sum, landmine) => sum + landmine.hits, 0);
  const none = <Typography variant="body2">{translate('app.insights.headline.none')}</Typography>;
  return (
    <Card component="section" aria-labelledby="insights-headline" sx={TARGETS_SX}>
      <CardContent>
        <Typography id="insights-headline" component="h2" variant="h6">
          {translate('app.insights.headline.title')}
        </Typography>
        <Typography variant="body1" sx={{ mb: 2 }} data-testid="insights-headline-calls">
          {translate('app.insights.headline.calls', {
            calls: translate('app.insights.callCount', { count: format.count(period.calls), smart_count: period.calls }),
            previous: format.count(period.previousCalls),
          })}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          <Part title={translate('app.insights.headline.risers')} anchor={SECTION_ANCHORS.items}>
            {risers.length === 0 ? (
              none
            ) : (
              <List>
                {risers.map((item) => (
                  <li key={item.key}>
                    <SessionsLink to={sessionsLink({ item: item.key, label: item.label }, period, filters)}>
                      <ItemName label={item.label} deleted={item.deleted} />
                    </SessionsLink>
                    {` ${translate('app.insights.headline.riser', { change: format.rateChange(item.rateChange ?? 0) })}`}
                  </li>
                ))}
              </List>
            )}
          </Part>
          <Part title={translate('app.insights.headline.reps')} anchor={SECTION_ANCHORS.reps}>
            {watched.length === 0 ? (
              none
            ) : (
              <List>
                {watched.slice(0, TOP).map((rep) => (
                  <li key={rep.rep}>
                    <SessionsLink to={insightRepPath(rep.rep, searchOfFilters({ ...filters, rep: undefined }))}>
                      {rep.name ?? rep.rep}
                    </SessionsLink>
                    <Box sx={{ '& > span': { justifyContent: 'flex-start' } }}>
                      <FlagReason flag={rep.flags[0]} metricName />
                    </Box>
                  </li>
                ))}
              </List>
            )}
          </Part>
          <Part title={translate('app.insights.headline.unknown')} anchor={SECTION_ANCHORS.inquiries}>
            {(inquiries?.groups.length ?? 0) === 0 ? (
              none
            ) : (
              <List>
                {inquiries!.groups.slice(0, TOP).map((group) => (
                  <li key={group.key}>
                    <SessionsLink to={sessionsLink({ inquiry: group.key, label: group.label }, period, filters)}>
                      {group.label}
                    </SessionsLink>
                    {` ${translate('app.insights.headline.asked', { count: format.count(group.calls), smart_count: group.calls })}`}
                  </li>
                ))}
              </List>
            )}
          </Part>
          <Part title={translate('app.insights.headline.landmines')} anchor={SECTION_ANCHORS.landmines}>
            <Typography variant="body2">
              {translate('app.insights.headline.hits', { count: format.count(hits), smart_count: hits })}
            </Typography>
          </Part>
        </Box>
        {trendLines(items).length > 0 && (
          <Box sx={{ display: 'flex', mt: 2, minHeight: CHART_HEIGHT }}>
            <Suspense fallback={<Skeleton variant="rounded" width="100%" height={CHART_HEIGHT} />}>
              <TrendChart data={items} />
            </Suspense>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
