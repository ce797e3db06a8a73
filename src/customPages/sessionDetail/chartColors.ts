import type { Speaker } from '@/resources/sessions/sessionTypes';

/**
 * One colour per emotion and per speaker, everywhere in the portal. Mid-tone hues that keep
 * a 3:1 contrast against both the light and the dark paper, and stay apart for the common
 * colour-vision deficiencies (the labels always say it in words too).
 */
export const EMOTION_COLORS: Record<string, string> = {
  happy: '#2e9d4f',
  surprised: '#d98e04',
  neutral: '#8a8f98',
  sad: '#3f7fd8',
  fearful: '#9061d6',
  disgusted: '#8c7a1a',
  angry: '#e0413a',
};

export const SPEAKER_COLORS: Record<Speaker, string> = {
  salesperson: '#1976d2',
  customer: '#e8710a',
};

export const LIMIT_COLOR = '#e0413a';

export const emotionColor = (emotion: string) => EMOTION_COLORS[emotion] ?? EMOTION_COLORS.neutral;
