import { useMatchingSettings } from '@/resources/dictionaryItems/useDictionaryMatch';
import { MatchingPanel } from './MatchingPanel';
import { SettingsCard } from './SettingsCard';

/**
 * The "Phrase matching" card (GET/PUT /api/dictionary/matching, POST .../calibrate): the
 * embedding model, the threshold in force and where it comes from, and another threshold to
 * try with its effect on the dictionary before saving it.
 */
export const MatchingCard = () => {
  const query = useMatchingSettings();
  return (
    <SettingsCard messages="app.matching" query={query}>
      {(data, stale) => <MatchingPanel settings={data} stale={stale} onReload={query.refetch} />}
    </SettingsCard>
  );
};
