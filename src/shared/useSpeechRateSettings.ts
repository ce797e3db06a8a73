import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';

/** One cache entry (spec 2): the settings card and the Speech Rate tab read it, so a save shows on both. */
export const SPEECH_RATE_QUERY_KEY = ['speechRate'];

/** `enabled: false` skips the request (a call whose alerts carry the limit). */
export const useSpeechRateSettings = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: SPEECH_RATE_QUERY_KEY,
    queryFn: () => dataProvider.getSpeechRate(),
    enabled,
  });
};
