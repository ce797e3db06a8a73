import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, useDateLocale } from '@/i18n/dateFormat';

interface FieldProps {
  source: string;
  label?: string;
  sortable?: boolean;
}

/** 'session.eraseRep' or 'time_window' -> 'session erase rep', 'time window': an unknown key still reads as words. */
const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .toLowerCase()
    .trim();
const sentence = (key: string) => {
  const text = words(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Labels and values of the audit log in the admin's language, never the stored keys, instants or JSON. */
const useAuditWords = () => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const label = (group: string, key: string) => translate(`app.audit.${group}.${key}`, { _: sentence(key) });
  const value = (text: string): string => {
    if (ISO_INSTANT.test(text)) return formatDateTime(text, locale);
    if (text === 'true' || text === 'false') return translate(`app.audit.values.${text === 'true' ? 'yes' : 'no'}`);
    if (/^[[{]/.test(text)) {
      try {
        return readable(JSON.parse(text));
      } catch {
        return text;
      }
    }
    return text;
  };
  const readable = (parsed: unknown): string => {
    if (parsed === null || parsed === undefined || parsed === '') return '—';
    if (Array.isArray(parsed)) return parsed.map(readable).join(', ');
    if (typeof parsed === 'object') {
      return Object.entries(parsed as Record<string, unknown>)
        .map(([key, item]) => `${label('changeFields', key)}: ${readable(item)}`)
        .join(', ');
    }
    return value(String(parsed));
  };
  return { label, value };
};

/** The action, worded ("User updated"), with its key as a tooltip for the log's readers who know it. */
export const AuditActionField = ({ source }: FieldProps) => {
  const record = useRecordContext();
  const { label } = useAuditWords();
  const action = String(record?.[source] ?? '');
  return <Chip size="small" label={label('actions', action)} title={action} />;
};

export const AuditTargetField = ({ source }: FieldProps) => {
  const record = useRecordContext();
  const { label } = useAuditWords();
  const target = String(record?.[source] ?? '');
  return <>{target && label('targets', target)}</>;
};

/** The server's "field: old → new" lines with the field named and the values written for people. */
export const AuditChangesField = ({ source }: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { label, value } = useAuditWords();
  const lines: unknown = record?.[source];
  return (
    <Stack component="span" spacing={0.25}>
      {(Array.isArray(lines) ? lines.map(String) : []).map((line, index) => {
        const colon = line.indexOf(': ');
        const arrow = line.lastIndexOf(' → ');
        const text =
          colon > 0 && arrow > colon
            ? translate('app.audit.change', {
                field: label('changeFields', line.slice(0, colon)),
                from: value(line.slice(colon + 2, arrow)),
                to: value(line.slice(arrow + 3)),
              })
            : line;
        return (
          <Typography key={index} component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
        );
      })}
    </Stack>
  );
};
