import { memo } from 'react';
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';
import { useSeriesPalette } from './chartColors';
import { customerTrend } from './chartSeries';
import { talkRatio } from './sessionStats';
import { StatRow, StatTile } from './StatTile';

const TREND_ICONS = { improving: TrendingUpIcon, declining: TrendingDownIcon, steady: TrendingFlatIcon, unknown: TrendingFlatIcon };
const TREND_COLORS = { improving: 'success.main', declining: 'error.main', steady: 'text.secondary', unknown: 'text.disabled' };

/** The call at a glance: who talked, what came up, how the customer's mood moved, how fast the pitch was. */
// memo: the page renders again on every tab switch, and the talk ratio counts every word of the call.
export const SessionSummaryStrip = memo(({ session }: { session: SessionDetail }) => {
  const translate = useTranslate();
  const format = useSessionFormat();
  const { speakers, landmine } = useSeriesPalette();
  const landmines = session.landmines?.length ?? 0;
  const ratio = talkRatio(session.transcripts ?? []);
  const trend = customerTrend(session);
  const TrendIcon = TREND_ICONS[trend];
  const stats = session.statistics;
  return (
    <Box component="section" aria-label={translate('app.sessions.summary.label')}>
      <StatRow>
        <StatTile
          label={translate('app.sessions.summary.talkRatio')}
          value={translate('app.sessions.summary.talkRatioShares', {
            salesperson: format.percent(ratio.share.salesperson),
            customer: format.percent(ratio.share.customer),
          })}
          hint={
            <>
              <Box aria-hidden sx={{ display: 'flex', height: 6, borderRadius: 3, overflow: 'hidden', my: 0.5, bgcolor: 'action.hover' }}>
                <Box sx={{ width: `${ratio.share.salesperson}%`, bgcolor: speakers.salesperson }} />
                <Box sx={{ width: `${ratio.share.customer}%`, bgcolor: speakers.customer }} />
              </Box>
              {translate('app.sessions.summary.talkRatioValue', ratio.share)}
            </>
          }
        />
        <StatTile
          label={translate('app.sessions.summary.objections')}
          value={format.number(stats?.totalObjections ?? session.detectedObjections?.length ?? 0)}
        />
        <StatTile
          label={translate('app.sessions.summary.faqs')}
          value={format.number(stats?.totalFAQs ?? session.detectedFAQs?.length ?? 0)}
        />
        <StatTile
          label={translate('app.sessions.summary.inquiries')}
          value={format.number(stats?.totalNewInquiries ?? session.newInquiries?.length ?? 0)}
        />
        <StatTile
          label={translate('app.sessions.summary.sentiment')}
          value={
            <Typography
              component="span"
              variant="h6"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: TREND_COLORS[trend] }}
            >
              <TrendIcon aria-hidden />
              {translate(`app.sessions.summary.trend.${trend}`)}
            </Typography>
          }
        />
        <StatTile
          label={translate('app.sessions.summary.landmines')}
          value={
            <Typography
              component="span"
              variant="h6"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: landmines ? landmine : undefined }}
            >
              {landmines > 0 && <GppMaybeOutlinedIcon aria-hidden />}
              {format.number(landmines)}
            </Typography>
          }
        />
        <StatTile
          label={translate('app.sessions.summary.alerts')}
          value={format.number(session.speechRateAnalysis?.totalAlerts ?? session.speechRateAnalysis?.alerts?.length ?? 0)}
        />
      </StatRow>
    </Box>
  );
});
