import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { translatedErrorText } from '@/dataProvider/errorText';

/**
 * spec 8: the server's worded message when it sent one, else the action's own text, translated,
 * then the request id the server sent (to quote). The portal's one reader of a failed call.
 */
export const useErrorText = () => {
  const translate = useTranslate();
  return useCallback((error: unknown, fallbackKey: string) => translatedErrorText(error, fallbackKey, translate), [translate]);
};
