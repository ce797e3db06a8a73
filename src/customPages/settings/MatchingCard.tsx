import { useMatchingSettings } from '@/resources/dictionary';
import { MatchingPanel } from './MatchingPanel';
import { SettingsCard } from './SettingsCard';

const MESSAGES = {
  title: 'app.matching.title',
  description: 'app.matching.description',
  loading: 'app.matching.loading',
  loadFailed: 'app.matching.loadFailed',
  retry: 'app.matching.retry',
  stale: 'app.matching.stale',
};

/**
 * The "Phrase matching" card (GET/PUT /api/dictionary/matching, POST .../calibrate): the
 * embedding model, the threshold in force and where it comes from, and another threshold to
 * try with its effect on the dictionary before saving it.
 */
export const MatchingCard = () => {
  const query = useMatchingSettings();
  return (
    <SettingsCard messages={MESSAGES} query={query}>
      {(data, stale) => <MatchingPanel settings={data} stale={stale} onReload={query.refetch} />}
    </SettingsCard>
  );
};
