import { Create } from 'react-admin';
import type { ResourceDeclaration } from '@/resources/types';
import { ResourceForm } from './ResourceForm';

/** The generated create view; a saved record opens in its show view. */
export const ResourceCreate = ({ declaration }: { declaration: ResourceDeclaration }) => (
  <Create title={declaration.label} redirect="show">
    <ResourceForm declaration={declaration} />
  </Create>
);
