import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { type ListParams, queryReducer, SET_PAGE, useGetList, useStore, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { PATHS } from '@/shared/paths';
import { listPageOf, placeOf, SESSION_LIST_STORE_KEY, sessionListParams, sessionListQuery } from '@/resources/sessions/sessionNavigation';
import type { SessionRecord } from '@/resources/sessions/sessionTypes';

const detailPath = (sessionId: string) => `${PATHS.sessions}/${encodeURIComponent(sessionId)}`;

/**
 * A page of the list with the list's params, as the list shows it; null until it is here, and
 * for `page` null (nothing to fetch). The list's own page comes from react-query's cache when the
 * list was just shown; a neighbouring page is fetched only when the walk reaches that edge.
 */
const useListPage = (query: ListParams, page: number | null) => {
  const { data, total } = useGetList<SessionRecord>('sessions', sessionListParams({ ...query, page: page ?? query.page }), {
    enabled: page !== null,
    refetchOnMount: false,
  });
  return useMemo(() => (page === null || !data ? null : listPageOf(query, page, data, total)), [query, page, data, total]);
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
 * Walks the sessions of the list as it was last shown (its params in react-admin's store, where
 * the list controller keeps them), across its pages; disabled at either end; none when nothing
 * is stored or the session is not on the list's page (a shared link). Following a link to a
 * neighbouring page moves the list to that page, so the walk goes on from there and Back to
 * Sessions opens it.
 */
export const SessionPrevNext = ({ sessionId }: { sessionId: string }) => {
  const translate = useTranslate();
  const [stored, setStored] = useStore<unknown>(SESSION_LIST_STORE_KEY);
  const query = useMemo(() => sessionListQuery(stored), [stored]);
  const current = useListPage(query, stored === undefined ? null : query.page);
  const place = current && placeOf(current, sessionId);
  const previousPage = useListPage(query, place?.previousPage ?? null);
  const nextPage = useListPage(query, place?.nextPage ?? null);
  if (!place) return null;

  const previous = place.previous ?? previousPage?.ids.at(-1) ?? null;
  const next = place.next ?? nextPage?.ids.at(0) ?? null;
  const follow = (neighbour: typeof previousPage, onThisPage: string | null) =>
    neighbour && !onThisPage ? () => setStored(queryReducer(query, { type: SET_PAGE, payload: neighbour.page })) : undefined;
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
