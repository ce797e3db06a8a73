import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { SuggestedItem, VariationSuggestion, VariationSuggestions } from '@/contract/variationSuggestions';
import { translatedErrorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { PageBannerAlert, PageBannerProvider, usePageBanner } from '@/shared/PageBanner';
import { PATHS } from '@/shared/paths';
import { usePercent } from '@/resources/dictionary/items/useDictionaryMatch';

export const SUGGESTIONS_QUERY_KEY = ['variationSuggestions'] as const;

type Action = 'add' | 'dismiss';

const useSuggestions = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: SUGGESTIONS_QUERY_KEY, queryFn: () => dataProvider.getVariationSuggestions() });
};

/** Takes one suggestion off the list the screen holds, as the server did. */
const without = (data: VariationSuggestions | undefined, id: string): VariationSuggestions | undefined =>
  data && {
    total: Math.max(0, data.total - 1),
    items: data.items
      .map((item) => ({ ...item, suggestions: item.suggestions.filter((suggestion) => suggestion.id !== id) }))
      .filter((item) => item.suggestions.length > 0),
  };

const SuggestionRow = ({
  item,
  suggestion,
  onAction,
  busy,
}: {
  item: SuggestedItem;
  suggestion: VariationSuggestion;
  onAction: (action: Action, item: SuggestedItem, suggestion: VariationSuggestion) => void;
  busy: boolean;
}) => {
  const translate = useTranslate();
  const percent = usePercent();
  const textId = `suggestion-${suggestion.id}`;
  return (
    <ListItem divider disableGutters data-testid="suggestion" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography id={textId}>{translate('app.suggestions.quoted', { text: suggestion.text })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.suggestions.details', {
            percent: percent(suggestion.score),
            reason: translate(`app.suggestions.reasons.${suggestion.reason}`, { runnerUp: suggestion.runnerUp ?? '' }),
            heard: translate('app.suggestions.heardOn', { smart_count: suggestion.calls }),
          })}
        </Typography>
        <Link variant="body2" component={RouterLink} to={`${PATHS.sessions}/${encodeURIComponent(suggestion.sessionId)}`}>
          {translate('app.suggestions.call', { name: suggestion.sessionName })}
        </Link>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          size="small"
          disabled={busy}
          aria-describedby={textId}
          data-suggestion-action={suggestion.id}
          onClick={() => onAction('add', item, suggestion)}
        >
          {translate('app.suggestions.add')}
        </Button>
        <Button size="small" disabled={busy} aria-describedby={textId} onClick={() => onAction('dismiss', item, suggestion)}>
          {translate('app.suggestions.dismiss')}
        </Button>
      </Box>
    </ListItem>
  );
};

const SuggestionsList = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const banner = usePageBanner();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const { data, isPending, isError, refetch } = useSuggestions();
  const action = useMutation({
    mutationFn: ({ kind, suggestion }: { kind: Action; item: SuggestedItem; suggestion: VariationSuggestion }) =>
      kind === 'add' ? dataProvider.addSuggestedVariation(suggestion.id) : dataProvider.dismissVariationSuggestion(suggestion.id),
    onSuccess: (_, { kind, item, suggestion }) => {
      // Focus goes to the next suggestion's first action (else the heading), so the keyboard stays in the list.
      const ids = data?.items.flatMap((entry) => entry.suggestions.map((each) => each.id)) ?? [];
      const next = ids[ids.indexOf(suggestion.id) + 1] ?? ids[ids.indexOf(suggestion.id) - 1];
      queryClient.setQueryData<VariationSuggestions>(SUGGESTIONS_QUERY_KEY, (current) => without(current, suggestion.id));
      banner.success(
        kind === 'add'
          ? translate('app.suggestions.added', { text: suggestion.text, question: item.question })
          : translate('app.suggestions.dismissed', { text: suggestion.text }),
      );
      requestAnimationFrame(() =>
        (list.current?.querySelector<HTMLElement>(`[data-suggestion-action="${next}"]`) ?? heading.current)?.focus(),
      );
    },
    onError: (error) => banner.error(translatedErrorText(error, 'app.suggestions.actionFailed', translate)),
  });

  return (
    <>
      <Typography ref={heading} component="h1" variant="h5" tabIndex={-1} sx={{ mt: 1, outline: 'none' }}>
        {translate('app.suggestions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {translate('app.suggestions.intro')}
      </Typography>
      <PageBannerAlert />
      <Box ref={list} aria-busy={isPending}>
        {isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 2 }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>{translate('app.suggestions.loading')}</Typography>
          </Box>
        ) : isError ? (
          <Alert
            severity="error"
            sx={{ my: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {translate('app.suggestions.retry')}
              </Button>
            }
          >
            {translate('app.suggestions.failed')}
          </Alert>
        ) : data.items.length === 0 ? (
          <Typography sx={{ my: 2 }}>{translate('app.suggestions.empty')}</Typography>
        ) : (
          <>
            {data.total > data.items.reduce((sum, item) => sum + item.suggestions.length, 0) && (
              <Typography variant="body2" sx={{ my: 1 }}>
                {translate('app.suggestions.more', {
                  shown: data.items.reduce((sum, item) => sum + item.suggestions.length, 0),
                  total: data.total,
                })}
              </Typography>
            )}
            {data.items.map((item) => (
              <Paper key={item.id} variant="outlined" component="section" aria-labelledby={`item-${item.id}`} sx={{ p: 2, my: 2 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" label={translate(`app.suggestions.kinds.${item.kind}`)} />
                  <Typography id={`item-${item.id}`} component="h2" variant="subtitle1">
                    {item.question}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.suggestions.count', { smart_count: item.suggestions.length })}
                  </Typography>
                </Box>
                <List dense aria-labelledby={`item-${item.id}`}>
                  {item.suggestions.map((suggestion) => (
                    <SuggestionRow
                      key={suggestion.id}
                      item={item}
                      suggestion={suggestion}
                      busy={action.isPending}
                      onAction={(kind, of, which) => action.mutate({ kind, item: of, suggestion: which })}
                    />
                  ))}
                </List>
              </Paper>
            ))}
          </>
        )}
      </Box>
    </>
  );
};

/** docs/matching.md "Suggested variations": customer lines of calls whose best item stayed silent, by item. */
export const SuggestionsPage = () => {
  const translate = useTranslate();
  return (
    <PageBannerProvider>
      <Box sx={{ py: 2 }}>
        <Button component={RouterLink} to={PATHS.dictionary} startIcon={<ArrowBackIcon />}>
          {translate('app.suggestions.back')}
        </Button>
        <SuggestionsList />
      </Box>
    </PageBannerProvider>
  );
};

SuggestionsPage.path = PATHS.variationSuggestions;
