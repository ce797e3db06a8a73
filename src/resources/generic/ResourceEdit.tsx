import { Edit } from 'react-admin';
import type { ResourceDeclaration } from '@/resources/types';
import { ResourceForm } from './ResourceForm';

/** The generated edit view; saves wait for the server (no undo window). */
export const ResourceEdit = ({ declaration }: { declaration: ResourceDeclaration }) => (
  <Edit title={declaration.label} mutationMode="pessimistic" redirect="show">
    <ResourceForm declaration={declaration} />
  </Edit>
);
