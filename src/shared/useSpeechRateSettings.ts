import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SpeechRateSettings } from '@/contract';
import type { PortalDataProvider } from '@/dataProvider/types';

/** One cache entry (spec 2): the settings card and the Speech Rate tab read it, so a save shows on both. */
const SPEECH_RATE_QUERY_KEY = ['speechRate'];

/** `enabled: false` skips the request (a call whose alerts carry the limit). */
export const useSpeechRateSettings = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: SPEECH_RATE_QUERY_KEY,
    queryFn: () => dataProvider.getSpeechRate(),
    enabled,
  });
};

/** One record with no id, reached through the dataProvider's own method, so a react-query mutation rather than useUpdate. */
export const useSaveSpeechRateSettings = ({ onSuccess }: { onSuccess: () => void }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SpeechRateSettings) => dataProvider.updateSpeechRate(settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(SPEECH_RATE_QUERY_KEY, settings);
      onSuccess();
    },
  });
};
