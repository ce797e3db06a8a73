import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { MatchingPutBody, MatchingSettings } from '@/contract/matching';
import type { PortalDataProvider } from '@/dataProvider/types';
import { MATCHING_QUERY_KEY } from '@/resources/dictionary';

/**
 * The writes of the phrase-matching settings: PUT /api/dictionary/matching (an admin's
 * threshold, or null for the calibrated one) and POST /api/dictionary/matching/calibrate. The
 * answer replaces the cached settings, and "Test a phrase" answers computed with the old
 * threshold are asked again. One record without an id reached through the dataProvider's own
 * methods, so a react-query mutation as for the speech-rate settings.
 */
export const useMatchingWrites = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const saved = (settings: MatchingSettings) => {
    queryClient.setQueryData(MATCHING_QUERY_KEY, settings);
    void queryClient.invalidateQueries({ queryKey: ['dictionary', 'match'] });
  };
  const update = useMutation({ mutationFn: (body: MatchingPutBody) => dataProvider.updateMatching(body), onSuccess: saved });
  const calibrate = useMutation({ mutationFn: () => dataProvider.calibrateMatching(), onSuccess: saved });
  return { update, calibrate, busy: update.isPending || calibrate.isPending };
};
