import type { z } from 'zod';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { baseSchemaOf, valueKindOf } from '@/contract/declaredResource';
import type { FieldMeta } from '@/resources/types';

/** A choice field's values, from its schema's enum. */
const choicesOf = (schema: z.core.$ZodType | undefined) =>
  ((schema && (baseSchemaOf(schema) as unknown as { options?: readonly string[] }).options) ?? []).map(String);

/** The input of `meta` in the generated create and edit: its own, its declared type's, else its schema's kind. */
export const FieldInput = ({ meta, schema, resource }: { meta: FieldMeta; schema?: z.core.$ZodType; resource: string }) => {
  const translate = useTranslate();
  const props = { source: meta.source, label: meta.label, helperText: meta.help ? translate(meta.help, { _: meta.help }) : false };
  if (meta.input) return <meta.input {...props} />;
  const kind = meta.type === 'text' || meta.type === undefined ? (schema ? valueKindOf(schema) : 'string') : meta.type;
  switch (kind) {
    case 'longText':
      return <TextInput {...props} multiline minRows={4} />;
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'number':
      return <NumberInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    case 'enum':
      return (
        <SelectInput {...props} choices={choicesOf(schema).map((id) => ({ id, name: `app.${resource}.choices.${meta.source}.${id}` }))} />
      );
    case 'reference':
      return (
        <ReferenceInput source={meta.source} reference={meta.reference ?? ''}>
          <AutocompleteInput label={meta.label} helperText={props.helperText} />
        </ReferenceInput>
      );
    case 'array':
    case 'list':
      return (
        <ArrayInput {...props}>
          <SimpleFormIterator inline disableReordering disableClear>
            <TextInput source="" label={meta.label} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      );
    default:
      return <TextInput {...props} />;
  }
};
