import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { InsightsFilters } from '@/customPages/insights/insightsFilters';
import { searchOfFilters } from '@/customPages/insights/insightsFilters';
import { SECTION_ANCHORS } from '@/customPages/insights/sectionAnchors';
import { useInsights } from '@/customPages/insights/useInsights';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { useMatchingSettings } from '@/resources/dictionary';
import { sessionsPath } from '@/resources/sessions/sessionFilters';
import { PATHS } from '@/shared/paths';
import { useConfigVersion } from '@/shared/useConfigVersion';
import { LiveFigure } from './LiveFigure';

const WEEK: InsightsFilters = { period: '7d' };
const insightsAt = (anchor?: string) => `${PATHS.insights}${searchOfFilters(WEEK)}${anchor ? `#${anchor}` : ''}`;

const Figures = ({ children }: { children: ReactNode }) => (
  <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0 }}>
    {children}
  </Box>
);

/** The live figures of each informational card, by the card's key: the Insights of the last 7 days and the configuration. */
export const useCardFigures = (): Record<string, ReactNode> => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const items = useInsights('items', WEEK);
  const inquiries = useInsights('inquiries', WEEK);
  const reps = useInsights('reps', WEEK);
  const version = useConfigVersion();
  const matching = useMatchingSettings();
  return {
    aiControl: (
      <Figures>
        <LiveFigure label={translate('app.dashboard.live.model')} query={matching} value={(data) => data.model} to={PATHS.settings} />
      </Figures>
    ),
    users: (
      <Figures>
        <LiveFigure
          label={translate('app.dashboard.live.repsToWatch')}
          query={reps}
          value={(data) => format.count(data.reps.filter((rep) => rep.flags.length > 0).length)}
          to={insightsAt(SECTION_ANCHORS.reps)}
        />
      </Figures>
    ),
    analytics: (
      <Figures>
        <LiveFigure
          label={translate('app.dashboard.live.calls')}
          query={items}
          value={(data) => format.count(data.period.calls)}
          to={({ period }) => sessionsPath({ from: period.from, to: period.to, finished: 'true' })}
        />
        <LiveFigure
          label={translate('app.dashboard.live.unknown')}
          query={inquiries}
          value={(data) => format.count(data.groups.length)}
          to={insightsAt(SECTION_ANCHORS.inquiries)}
        />
      </Figures>
    ),
    system: (
      <Figures>
        <LiveFigure
          label={translate('app.dashboard.live.version')}
          query={version}
          value={(data) => format.count(data.version)}
          to={PATHS.settings}
        />
      </Figures>
    ),
  };
};
