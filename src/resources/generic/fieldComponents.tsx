import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BooleanField,
  BooleanInput,
  ChipField,
  DateField,
  DateInput,
  DateTimeInput,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
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

/** A date and time in the language chosen in the top bar (DateField alone uses the browser's). */
const LocaleDateField = (props: { source: string; label?: string; sortable?: boolean }) => {
  const [locale] = useLocaleState();
  return <DateField {...props} locales={locale} showTime />;
};

const BoundLabel = ({ field, bound }: { field?: string; bound: 'from' | 'to' }) => {
  const translate = useTranslate();
  return <>{translate(`app.resources.filters.${bound}`, { field: field ? translate(field) : '' })}</>;
};

/** The field that shows `meta` in a list row or a show view. */
export const fieldElement = (meta: FieldMeta) => {
  const props = { source: meta.source, label: meta.label, sortable: meta.sortable ?? false };
  switch (meta.type) {
    case 'boolean':
      return <BooleanField key={meta.source} {...props} />;
    case 'date':
      return <LocaleDateField key={meta.source} {...props} />;
    case 'number':
      return <NumberField key={meta.source} {...props} />;
    case 'chip':
      return <ChipField key={meta.source} {...props} />;
    case 'select':
      return <SelectField key={meta.source} {...props} choices={[...(meta.choices ?? [])]} />;
    case 'list':
      return <TextListField key={meta.source} {...props} />;
    default:
      return <TextField key={meta.source} {...props} />;
  }
};

/** Lists as one item per line in a text box. */
const joinLines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : (value ?? ''));
const splitLines = (value: string) => value.split('\n').filter((line) => line.trim() !== '');

/** The input that edits `meta` in the generated create and edit forms. */
export const inputElement = (meta: FieldMeta) => {
  const props = { source: meta.source, label: meta.label };
  switch (meta.type) {
    case 'boolean':
      return <BooleanInput key={meta.source} {...props} />;
    case 'date':
      return <DateTimeInput key={meta.source} {...props} />;
    case 'number':
      return <NumberInput key={meta.source} {...props} />;
    case 'select':
    case 'chip':
      return meta.choices ? (
        <SelectInput key={meta.source} {...props} choices={[...meta.choices]} />
      ) : (
        <TextInput key={meta.source} {...props} />
      );
    case 'list':
      return <TextInput key={meta.source} {...props} multiline minRows={2} format={joinLines} parse={splitLines} />;
    case 'longText':
      return <TextInput key={meta.source} {...props} multiline minRows={3} fullWidth />;
    default:
      return <TextInput key={meta.source} {...props} />;
  }
};

/** The list filters of `meta` (always shown): dates filter on a from/to pair. */
export const filterElements = (meta: FieldMeta) => {
  const props = { source: meta.source, label: meta.label, alwaysOn: true };
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
    case 'select':
    case 'chip':
      if (meta.choices) return [<SelectInput key={meta.source} {...props} choices={[...meta.choices]} />];
      return [<TextInput key={meta.source} {...props} />];
    default:
      return [<TextInput key={meta.source} {...props} />];
  }
};
