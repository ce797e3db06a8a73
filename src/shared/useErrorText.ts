import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { translatedErrorText } from '@/dataProvider/errorText';

/** spec 8: the portal's one reader of a failed call. */
export const useErrorText = () => {
  const translate = useTranslate();
  return useCallback((error: unknown, fallbackKey: string) => translatedErrorText(error, fallbackKey, translate), [translate]);
};
