import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';

/** spec 8: the server's worded message when it sent one, else the action's own text, translated. The portal's one reader of a failed call. */
export const useErrorText = () => {
  const translate = useTranslate();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const message = errorText(error, fallbackKey);
      return translate(message, { _: message });
    },
    [translate],
  );
};
