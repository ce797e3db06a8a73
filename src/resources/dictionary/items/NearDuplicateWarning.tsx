import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { NEAR_DUPLICATE_THRESHOLD } from '@/contract/dictionaryMatch';
import { dictionaryItemLink, useDictionaryMatch, usePercent } from './useDictionaryMatch';

interface NearDuplicateWarningProps {
  excludeId?: string;
}

/** The link opens the item in a new tab, so the dialog keeps what was typed; a warning only, and a failed check shows nothing. */
export const NearDuplicateWarning = ({ excludeId }: NearDuplicateWarningProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const question: unknown = useWatch({ name: 'question' });
  const { data, typing } = useDictionaryMatch(typeof question === 'string' ? question : '', { excludeId });
  const close = typing
    ? []
    : (data?.matches ?? []).filter((match) => match.type !== 'landmine' && match.score >= NEAR_DUPLICATE_THRESHOLD).slice(0, 3);
  if (close.length === 0) return null;
  return (
    <Stack spacing={1} aria-live="polite">
      {close.map((match) => (
        <Alert
          key={match.id}
          severity="warning"
          role="status"
          action={
            <Link href={dictionaryItemLink(match.type, match.question)} target="_blank" rel="noopener" color="inherit">
              {translate('app.dictionary.nearDuplicate.open')}
            </Link>
          }
        >
          {translate('app.dictionary.nearDuplicate.warning', { question: match.question, percent: percent(match.score) })}
        </Alert>
      ))}
    </Stack>
  );
};
