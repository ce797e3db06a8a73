import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { AiAssistantCard } from './AiAssistantCard';
import { PATHS } from '@/shared/paths';
import { CallSettingsCard } from './CallSettingsCard';
import { ConfigVersionCard } from './ConfigVersionCard';
import { MatchingCard } from './MatchingCard';
import { SpeechRateCard } from './SpeechRateCard';
import { SystemConfigCard } from './SystemConfigCard';
import { TargetBandsCard } from './TargetBandsCard';

/** spec 2: settings; the speech-rate and phrase-matching cards talk to the server. */
export const SettingsPage = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Typography component="h2" variant="h4">
        {translate('app.settings.title')}
      </Typography>
      <SpeechRateCard />
      <CallSettingsCard />
      <MatchingCard />
      <TargetBandsCard />
      <ConfigVersionCard />
      <AiAssistantCard />
      <SystemConfigCard />
    </Stack>
  );
};

SettingsPage.path = PATHS.settings;
