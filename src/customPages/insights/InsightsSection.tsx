import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useId } from 'react';
import { useStore, useTranslate } from 'react-admin';
import { readFailure } from '@/dataProvider/queryClient';
import { useErrorText } from '@/shared/useErrorText';

export interface SectionMessages {
  title: string;
  description: string;
  empty: string;
  loadFailed: string;
}

interface InsightsSectionProps<T> {
  /** Written out where the section is declared, so the catalogue test sees them. */
  messages: SectionMessages;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  actions?: (data: T) => ReactNode;
  children: (data: T, titleId: string) => ReactNode;
  /** Drawn after the sections above have painted: on a cold load the first chart should not wait for four more tables. */
  later?: boolean;
  /** The section's id, for links from the headline. */
  anchor?: string;
}

/** Open or closed per section, kept in react-admin's store (local storage) across visits. */
const useSectionOpen = (title: string, anchor: string | undefined) => {
  const [open, setOpen] = useStore<boolean>(`insights.open.${title}`, true);
  // a link to the section (the headline's) opens it
  useEffect(() => {
    if (!anchor) return;
    const openIfTarget = () => window.location.hash === `#${anchor}` && setOpen(true);
    openIfTarget();
    window.addEventListener('hashchange', openIfTarget);
    return () => window.removeEventListener('hashchange', openIfTarget);
  }, [anchor, setOpen]);
  return [open, setOpen] as const;
};

const Loading = ({ label }: { label: string }) => (
  <Box role="status" aria-label={label}>
    {[0, 1, 2, 3].map((row) => (
      <Skeleton key={row} variant="text" height={32} />
    ))}
  </Box>
);

/** A failed read never shows the empty state: "nothing here" would be a claim the page cannot make. */
export const InsightsSection = <T,>({ messages, query, isEmpty, actions, children, later = false, anchor }: InsightsSectionProps<T>) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const titleId = useId();
  const contentId = useId();
  const [open, setOpen] = useSectionOpen(messages.title, anchor);
  const { isPlaceholderData, isFetching, refetch } = query;
  const deferred = useDeferredValue(query.data, undefined);
  const data = later ? deferred : query.data;
  const { failure, retrying } = readFailure(query);
  // Figures of other filters are never shown under this filter's failure.
  const shown = failure !== null && isPlaceholderData ? undefined : data;
  const loading = isFetching && (isPlaceholderData || shown === undefined);

  return (
    <Card component="section" aria-labelledby={titleId} id={anchor} sx={{ scrollMarginTop: 72 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6">
            <Button
              color="inherit"
              aria-expanded={open}
              aria-controls={contentId}
              onClick={() => setOpen(!open)}
              startIcon={<ExpandMoreIcon sx={{ transform: open ? 'none' : 'rotate(-90deg)', transition: 'transform 150ms' }} />}
              sx={{ font: 'inherit', textTransform: 'none', textAlign: 'left', ml: -1 }}
            >
              {translate(messages.title)}
            </Button>
          </Typography>
          {open && shown !== undefined && !isEmpty(shown) && actions?.(shown)}
        </Box>
        <Box id={contentId} hidden={!open}>
          {open && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate(messages.description)}
              </Typography>
              {failure !== null && (
                <Alert
                  severity="error"
                  sx={{ mb: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                      {translate('app.insights.retry')}
                    </Button>
                  }
                >
                  {errorText(failure, messages.loadFailed)}
                  {retrying && ` ${translate('app.http.retrying')}`}
                </Alert>
              )}
              <Box sx={{ height: 4, mb: 1 }}>
                {loading && shown !== undefined && <LinearProgress aria-label={translate('app.insights.loading')} />}
              </Box>
              {shown === undefined ? (
                failure === null && <Loading label={translate('app.insights.loading')} />
              ) : isEmpty(shown) ? (
                <Typography color="text.secondary" sx={{ py: 2 }}>
                  {translate(messages.empty)}
                </Typography>
              ) : (
                <Box aria-busy={loading} sx={loading ? { opacity: 0.6 } : undefined}>
                  {children(shown, titleId)}
                </Box>
              )}
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};
