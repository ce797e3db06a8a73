import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BooleanField,
  ChipField,
  DateInput,
  FunctionField,
  NullableBooleanInput,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime, useDateLocale } from '@/i18n/dateFormat';
import type { FieldMeta } from '@/resources/types';

/** A list of texts, one per line (audit changes, trigger variations); rendered as text, never HTML. */
const TextListField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  const lines = Array.isArray(value) ? value.map(String) : [];
  return (
    <Stack component="span" spacing={0.25}>
      {lines.map((line, index) => (
        <Typography key={index} component="span" variant="body2">
          {line}
        </Typography>
      ))}
    </Stack>
  );
};

/** A date and time written as every screen writes one in the language chosen in the top bar. */
const LocaleDateField = (props: { source: string; label?: string; sortable?: boolean }) => {
  const locale = useDateLocale();
  return (
    <FunctionField {...props} render={(record) => (record[props.source] ? formatDateTime(String(record[props.source]), locale) : '')} />
  );
};

const BoundLabel = ({ field, bound }: { field?: string; bound: 'from' | 'to' }) => {
  const translate = useTranslate();
  return <>{translate(`app.resources.filters.${bound}`, { field: field ? translate(field) : '' })}</>;
};

/** A choice worded in the admin's language. */
const ChoiceField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const value = record?.[source];
  return <Typography variant="body2">{value == null ? '' : translate(`app.${resource}.choices.${source}.${String(value)}`)}</Typography>;
};

/** The field that shows `meta` in a list row or a show view. */
export const fieldElement = (meta: FieldMeta) => {
  const props = { source: meta.source, label: meta.label, sortable: meta.sortable ?? false };
  if (meta.Field) return <meta.Field key={meta.source} {...props} />;
  if (meta.choices) return <ChoiceField key={meta.source} {...props} />;
  switch (meta.type) {
    case 'boolean':
      return <BooleanField key={meta.source} {...props} />;
    case 'date':
      return <LocaleDateField key={meta.source} {...props} />;
    case 'chip':
      return <ChipField key={meta.source} {...props} />;
    case 'list':
      return <TextListField key={meta.source} {...props} />;
    default:
      return <TextField key={meta.source} {...props} />;
  }
};

/** The generated list's filters of `meta` (always shown): dates filter on a from/to pair. */
export const filterElements = (meta: FieldMeta, resource: string) => {
  const props = { source: meta.source, label: meta.label, alwaysOn: true };
  if (meta.choices)
    return [
      <SelectInput
        key={meta.source}
        {...props}
        choices={meta.choices.map((id) => ({ id, name: `app.${resource}.choices.${meta.source}.${id}` }))}
      />,
    ];
  switch (meta.type) {
    case 'date':
      return [
        <DateInput
          key={`${meta.source}_gte`}
          {...props}
          source={`${meta.source}_gte`}
          label={<BoundLabel field={meta.label} bound="from" />}
        />,
        <DateInput
          key={`${meta.source}_lte`}
          {...props}
          source={`${meta.source}_lte`}
          label={<BoundLabel field={meta.label} bound="to" />}
        />,
      ];
    case 'boolean':
      return [<NullableBooleanInput key={meta.source} {...props} />];
    default:
      return [<TextInput key={meta.source} {...props} />];
  }
};
