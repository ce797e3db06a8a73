import { useSpeechRateSettings } from '@/shared/useSpeechRateSettings';
import { SettingsCard } from './SettingsCard';
import { SpeechRateForm } from './SpeechRateForm';

const MESSAGES = {
  title: 'app.settings.speechRate.title',
  description: 'app.settings.speechRate.description',
  loading: 'app.settings.speechRate.loading',
  loadFailed: 'app.settings.speechRate.loadFailed',
  retry: 'app.settings.speechRate.retry',
  stale: 'app.settings.speechRate.stale',
};

/** spec 2: the Speech Rate Monitoring card (GET/PUT /api/speech-rate). */
export const SpeechRateCard = () => {
  const query = useSpeechRateSettings();
  return (
    <SettingsCard messages={MESSAGES} query={query}>
      {(data, stale) => <SpeechRateForm initial={data} stale={stale} onReload={query.refetch} />}
    </SettingsCard>
  );
};
