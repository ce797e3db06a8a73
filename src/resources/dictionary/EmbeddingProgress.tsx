import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { DICTIONARY_TABS } from './items/dictionaryTypes';
import { useMatchingSettings } from './items/useDictionaryMatch';

/** When the last embedding is Ready, every tab's list is read again so its Pending badges turn; a failed read is a quiet line. */
export const EmbeddingProgress = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const labelId = useId();
  const { data, isError, refetch } = useMatchingSettings();
  const pending = data?.pending ?? 0;

  const wasPending = useRef(false);
  useEffect(() => {
    if (pending > 0) wasPending.current = true;
    else if (data && wasPending.current) {
      wasPending.current = false;
      for (const resource of DICTIONARY_TABS) void queryClient.invalidateQueries({ queryKey: [resource] });
    }
  }, [pending, data, queryClient]);

  // An item added or edited on this page waits for its embedding.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void refetch();
      }),
    [queryClient, refetch],
  );

  if (isError && !data)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }} data-testid="embedding-progress-unavailable">
        <WarningAmberIcon fontSize="small" color="warning" aria-hidden />
        <Typography variant="caption" color="text.secondary">
          {translate('app.dictionary.embeddings.unavailable')}
        </Typography>
      </Box>
    );
  if (!data || pending === 0) return null;

  const total = data.ready + pending;
  const text = translate('app.dictionary.embeddings.progress', { model: data.model, ready: data.ready, total });
  return (
    <Box sx={{ my: 2 }} data-testid="embedding-progress">
      <Typography id={labelId} variant="body2" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 0 : (100 * data.ready) / total}
        aria-labelledby={labelId}
        aria-valuetext={text}
      />
    </Box>
  );
};
