import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PATHS } from '@/shared/paths';
import { preloadable } from '@/shared/preloadable';
import { useNextTaskValue } from '@/shared/useNextTaskValue';
import { sessionDetailError } from '@/resources/sessions/sessionErrors';
import type { SessionDetailRecord } from '@/resources/sessions/sessionTypes';
import type { OpenMoment } from './momentTypes';
import { SessionHeader } from './SessionHeader';
import { SessionCallEnd } from './SessionCallEnd';
import { SessionDeleteButton } from './SessionDeleteButton';
import { SessionPrevNext } from './SessionPrevNext';
import { SessionSummaryStrip } from './SessionSummaryStrip';
import { buildTimeline, TIMELINE_KINDS, toMillis, type TimelineKind } from './timeline';
import { TimelineTab } from './TimelineTab';
import { CallLabelsProvider } from './callLabels';

// The chart tabs carry recharts: their own chunks, so the timeline shows first, fetched once the page is idle.
const loadSentiment = preloadable(() => import('./SentimentTab'));
const loadSpeechRate = preloadable(() => import('./SpeechRateTab'));
const loadStatistics = preloadable(() => import('./StatisticsTab'));
// memo: a tab switch re-rendered the tab being left, with all its figures.
const SentimentTab = lazy(() => loadSentiment().then((m) => ({ default: memo(m.SentimentTab) })));
const SpeechRateTab = lazy(() => loadSpeechRate().then((m) => ({ default: memo(m.SpeechRateTab) })));
const StatisticsTab = lazy(() => loadStatistics().then((m) => ({ default: memo(m.StatisticsTab) })));
const Timeline = memo(TimelineTab);
const PREFETCH_DELAY_MS = 1_500;
export const LIVE_REFRESH_MS = 3_000;

export const DETAIL_TABS = ['timeline', 'sentiment', 'speech-rate', 'statistics'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];
const TAB_LABELS: Record<DetailTab, string> = {
  timeline: 'app.sessions.detail.tabs.timeline',
  sentiment: 'app.sessions.detail.tabs.sentiment',
  'speech-rate': 'app.sessions.detail.tabs.speechRate',
  statistics: 'app.sessions.detail.tabs.statistics',
};

const BackButton = ({ variant }: { variant: 'text' | 'contained' }) => {
  const translate = useTranslate();
  return (
    <Button component={Link} to={PATHS.sessions} variant={variant} startIcon={<ArrowBackIcon />}>
      {translate('app.sessions.detail.back')}
    </Button>
  );
};

/** memo: MUI's Tabs measures itself after each render (a forced layout). */
const DetailTabs = memo(({ tab, onChange }: { tab: DetailTab; onChange: (next: DetailTab) => void }) => {
  const translate = useTranslate();
  return (
    <Tabs
      value={tab}
      onChange={(_event, next: DetailTab) => onChange(next)}
      aria-label={translate('app.sessions.detail.tabsLabel')}
      variant="scrollable"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {DETAIL_TABS.map((key) => (
        <Tab key={key} value={key} label={translate(TAB_LABELS[key])} id={`session-tab-${key}`} aria-controls={`session-tabpanel-${key}`} />
      ))}
    </Tabs>
  );
});

/** spec 2: the tab and the moment live in the URL, so a link opens the same view. */
export const SessionDetailPage = () => {
  const translate = useTranslate();
  const { sessionId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data, error, isPending, isFetching, refetch } = useGetOne<SessionDetailRecord>(
    'sessions',
    { id: sessionId },
    { retry: false, refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? LIVE_REFRESH_MS : false) },
  );
  // A live call's new answers render in a transition React cuts into short tasks. The first renders at once: on a
  // cold start a transition restarts at each of the shell's updates (the first row 300 to 400 ms later, measured).
  const deferred = useDeferredValue(data);
  const session = deferred && data && deferred.sessionId === data.sessionId ? deferred : data;

  const tabParam = params.get('tab');
  const tab: DetailTab = DETAIL_TABS.includes(tabParam as DetailTab) ? (tabParam as DetailTab) : 'timeline';
  const shownTab = useNextTaskValue(tab);
  const kindParam = params.get('k');
  const t = params.get('t');
  const moment = useMemo(() => {
    if (!t) return null;
    return { time: toMillis(t), kind: TIMELINE_KINDS.includes(kindParam as TimelineKind) ? (kindParam as TimelineKind) : undefined };
  }, [t, kindParam]);

  const items = useMemo(() => (session ? buildTimeline(session) : []), [session]);
  const start = toMillis(session?.startTime);
  const loaded = Boolean(session);
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(
      () => void Promise.all([loadSentiment(), loadSpeechRate(), loadStatistics()]).catch(() => undefined),
      PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [loaded]);
  // navigate, unlike useSearchParams' setter, stays the same function while the query changes.
  const showParams = useCallback((next: Record<string, string>) => navigate({ search: `?${new URLSearchParams(next)}` }), [navigate]);
  const selectTab = useCallback((next: DetailTab) => showParams({ tab: next }), [showParams]);
  const openMoment = useCallback<OpenMoment>((timestamp, kind) => showParams({ tab: 'timeline', t: timestamp, k: kind }), [showParams]);

  if (isPending) {
    return (
      <Box sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }} role="status">
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">{translate('app.sessions.detail.loading')}</Typography>
      </Box>
    );
  }
  if (error || !session) {
    const message = error ? sessionDetailError(error) : 'app.sessions.errors.notFound';
    return (
      <Box sx={{ py: 2 }}>
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            // a missing session stays missing; any other failure may pass
            message !== 'app.sessions.errors.notFound' && (
              <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                {translate('app.http.retry')}
              </Button>
            )
          }
        >
          {translate(message, { _: message })}
        </Alert>
        <BackButton variant="contained" />
      </Box>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <BackButton variant="text" />
        <SessionPrevNext sessionId={session.sessionId} />
      </Box>
      <SessionHeader session={session} />
      <SessionCallEnd session={session} />
      <SessionSummaryStrip session={session} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <SessionDeleteButton session={session} />
      </Box>
      <DetailTabs tab={tab} onChange={selectTab} />
      <Box role="tabpanel" id={`session-tabpanel-${shownTab}`} aria-labelledby={`session-tab-${shownTab}`} aria-busy={shownTab !== tab}>
        <Suspense fallback={<CircularProgress aria-label={translate('app.sessions.detail.loading')} />}>
          {shownTab === 'timeline' && (
            <CallLabelsProvider sessionId={session.sessionId}>
              <Timeline items={items} start={start} moment={moment} />
            </CallLabelsProvider>
          )}
          {shownTab === 'sentiment' && <SentimentTab session={session} start={start} onOpenMoment={openMoment} />}
          {shownTab === 'speech-rate' && <SpeechRateTab session={session} start={start} onOpenMoment={openMoment} />}
          {shownTab === 'statistics' && <StatisticsTab session={session} start={start} onOpenMoment={openMoment} />}
        </Suspense>
      </Box>
    </Box>
  );
};
