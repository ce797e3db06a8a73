import { useMemo } from 'react';
import { SimpleForm } from 'react-admin';
import type { ResourceDeclaration } from '@/resources/types';
import { inputElement } from './fieldComponents';
import { schemaValidator } from './schemaValidation';

/** The generated form, shared by create and edit: writable fields, validated by the declaration's schema. */
export const ResourceForm = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const fields = useMemo(() => declaration.fields ?? [], [declaration]);
  const validate = useMemo(() => schemaValidator(declaration.schema, fields), [declaration.schema, fields]);
  return <SimpleForm validate={validate}>{fields.filter((field) => !field.readOnly).map(inputElement)}</SimpleForm>;
};
