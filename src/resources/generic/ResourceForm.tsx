import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { useFormContext } from 'react-hook-form';
import { Create, Edit, SimpleForm, useDataProvider, useEditContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { useErrorText } from '@/shared/useErrorText';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import type { ResourceDeclaration } from '@/resources/types';
import { FieldInput } from './fieldInputs';
import { formResolverOf } from './formResolver';

const shapeOf = (declaration: ResourceDeclaration) => (declaration.schema as z.ZodObject).shape as Record<string, z.core.$ZodType>;

const Inputs = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const resource = useResourceContext() ?? declaration.name;
  const shape = shapeOf(declaration);
  return (declaration.fields ?? [])
    .filter((field) => !field.readOnly && (field.input || field.source in shape))
    .map((field) => <FieldInput key={field.source} meta={field} schema={shape[field.source]} resource={resource} />);
};

/** The generated create page: every field not read-only, checked by the declaration's schema. */
export const ResourceCreate = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const resolver = useMemo(() => formResolverOf(declaration.schema as z.ZodObject), [declaration]);
  return (
    <Create title={declaration.label} redirect="show">
      <SimpleForm resolver={resolver}>
        <Inputs declaration={declaration} />
      </SimpleForm>
    </Create>
  );
};

/**
 * A save refused with 409 VERSION_CONFLICT: the alert and its Reload, as on the other forms. The
 * reload keeps what the admin typed and takes the newer version, so the next save replaces it deliberately.
 */
const ConflictAlert = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const { record, resource = declaration.name } = useEditContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [theirs, setTheirs] = useState<string | null>(null);
  const reload = async () => {
    try {
      const { data } = await dataProvider.getOne(resource, { id: record?.id });
      const typed = getValues();
      const differing = (declaration.fields ?? []).filter(
        (field) => JSON.stringify(data[field.source]) !== JSON.stringify(typed[field.source]),
      );
      setTheirs(
        differing.map((field) => `${translate(field.label ?? field.source)}: ${[data[field.source]].flat().join(', ')}`).join(' · '),
      );
      setValue('version', data.version, { shouldDirty: true });
      return true;
    } catch {
      return false;
    }
  };
  return <VersionConflictAlert onReload={reload} theirs={theirs} />;
};

/** The generated edit page, saved only once the server accepts it (pessimistic), with Delete in its toolbar. */
export const ResourceEdit = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const resolver = useMemo(() => formResolverOf(declaration.schema as z.ZodObject), [declaration]);
  const notify = useNotify();
  const errorText = useErrorText();
  const [conflict, setConflict] = useState(false);
  const onError = (error: unknown) => {
    if (isVersionConflict(error)) setConflict(true);
    else notify(errorText(error, 'ra.notification.http_error'), { type: 'error' });
  };
  return (
    <Edit title={declaration.label} mutationMode="pessimistic" mutationOptions={{ onError }} redirect="show">
      <SimpleForm resolver={resolver}>
        {conflict && <ConflictAlert declaration={declaration} />}
        <Inputs declaration={declaration} />
      </SimpleForm>
    </Edit>
  );
};
