import { useSpeechRateSettings } from '@/shared/useSpeechRateSettings';
import { SettingsCard } from './SettingsCard';
import { SpeechRateForm } from './SpeechRateForm';

/** spec 2: the Speech Rate Monitoring card (GET/PUT /api/speech-rate). */
export const SpeechRateCard = () => {
  const query = useSpeechRateSettings();
  return (
    <SettingsCard messages="app.settings.speechRate" query={query}>
      {(data, stale) => <SpeechRateForm initial={data} stale={stale} onReload={query.refetch} />}
    </SettingsCard>
  );
};
