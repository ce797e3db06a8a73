import Avatar from '@mui/material/Avatar';
import type { Speaker } from '@/resources/sessions/sessionTypes';
import { SPEAKER_COLORS } from './chartColors';

/** The speaker's initial on their colour; the label beside it says it in words. */
export const SpeakerAvatar = ({ speaker, label }: { speaker: Speaker; label: string }) => (
  <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 14, bgcolor: SPEAKER_COLORS[speaker] ?? 'grey.500', color: '#fff' }}>
    {label.charAt(0)}
  </Avatar>
);
