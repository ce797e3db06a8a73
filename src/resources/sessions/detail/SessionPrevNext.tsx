import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { PATHS } from '@/shared/paths';
import {
  placeOf,
  readListContext,
  sessionListParams,
  writeListContext,
  type SessionListContext,
} from '@/resources/sessions/sessionNavigation';
import type { SessionRecord } from '@/resources/sessions/sessionTypes';

const detailPath = (sessionId: string) => `${PATHS.sessions}/${encodeURIComponent(sessionId)}`;

/** The neighbouring page of the list, fetched only when the walk reaches that edge. */
const useNeighbourPage = (context: SessionListContext, page: number | null) => {
  const { data, total } = useGetList<SessionRecord>('sessions', sessionListParams(context.filters, page ?? context.page), {
    enabled: page !== null,
  });
  return useMemo(() => {
    if (page === null || !data) return null;
    const ids = data.map((session) => session.sessionId);
    return { context: { ...context, page, ids, total: total ?? null }, ids };
  }, [context, page, data, total]);
};

const WalkButton = ({
  to,
  onFollow,
  label,
  icon,
  side,
}: {
  to: string | null;
  onFollow?: () => void;
  label: string;
  icon: ReactNode;
  side: 'start' | 'end';
}) => (
  <Button
    size="small"
    disabled={!to}
    {...(side === 'start' ? { startIcon: icon } : { endIcon: icon })}
    {...(to ? { component: Link, to, onClick: onFollow } : {})}
  >
    {label}
  </Button>
);

/**
 * Walks the sessions of the list as it was last filtered, across its pages; disabled at
 * either end. Following a link to a neighbouring page makes that page the list's context,
 * so the walk goes on from there and Back to Sessions opens that page.
 */
export const SessionPrevNext = ({ sessionId }: { sessionId: string }) => {
  const translate = useTranslate();
  // Read again for each session: following a link to a neighbouring page rewrites it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: sessionId is the signal to re-read the stored list context
  const context = useMemo(() => readListContext(), [sessionId]);
  const place = placeOf(context, sessionId);
  const previousPage = useNeighbourPage(context, place?.previousPage ?? null);
  const nextPage = useNeighbourPage(context, place?.nextPage ?? null);
  if (!place) return null;

  const previous = place.previous ?? previousPage?.ids.at(-1) ?? null;
  const next = place.next ?? nextPage?.ids.at(0) ?? null;
  const follow = (neighbour: typeof previousPage, onThisPage: string | null) =>
    neighbour && !onThisPage ? () => writeListContext(neighbour.context) : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <WalkButton
        side="start"
        icon={<ChevronLeftIcon />}
        label={translate('app.sessions.detail.previous')}
        to={previous && detailPath(previous)}
        onFollow={follow(previousPage, place.previous)}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('app.sessions.detail.position', { position: place.position, total: place.total })}
      </Typography>
      <WalkButton
        side="end"
        icon={<ChevronRightIcon />}
        label={translate('app.sessions.detail.next')}
        to={next && detailPath(next)}
        onFollow={follow(nextPage, place.next)}
      />
    </Box>
  );
};
