import Avatar from '@mui/material/Avatar';
import { useTranslate } from 'react-admin';
import type { Speaker } from '@/resources/sessions/sessionTypes';
import { textOn, useSeriesPalette } from './chartColors';

/** The speaker's initial on their colour; the name beside it says it in words. */
export const SpeakerAvatar = ({ speaker }: { speaker: Speaker }) => {
  const translate = useTranslate();
  const color = useSeriesPalette().speakers[speaker] ?? '#9e9e9e';
  return (
    <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 14, bgcolor: color, color: textOn(color) }}>
      {translate(`app.sessions.speakerInitials.${speaker}`, { _: speaker.charAt(0).toUpperCase() })}
    </Avatar>
  );
};
