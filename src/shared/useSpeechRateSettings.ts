import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SpeechRateSettings } from '@/contract';
import type { PortalDataProvider } from '@/dataProvider/types';

/**
 * The one cache entry of the speech-rate settings (spec 2): the settings card and the session
 * detail's Speech Rate tab read it, so a save shows on both.
 */
const SPEECH_RATE_QUERY_KEY = ['speechRate'];

/** GET /api/speech-rate; `enabled: false` skips the request (a call whose alerts carry the limit). */
export const useSpeechRateSettings = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: SPEECH_RATE_QUERY_KEY,
    queryFn: () => dataProvider.getSpeechRate(),
    enabled,
  });
};

/**
 * PUT /api/speech-rate; the saved settings replace the cached ones. The settings are one record
 * with no id, reached through the dataProvider's own method rather than a resource's update, so
 * react-admin's useUpdate does not apply: a react-query mutation (the way react-admin's docs call
 * a custom method).
 */
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
