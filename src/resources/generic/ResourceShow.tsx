import { Show, SimpleShowLayout } from 'react-admin';
import type { ResourceDeclaration } from '@/resources/types';
import { fieldElement } from './fieldComponents';

/** The generated show view: every declared field. */
export const ResourceShow = ({ declaration }: { declaration: ResourceDeclaration }) => (
  <Show title={declaration.label}>
    <SimpleShowLayout>{(declaration.fields ?? []).map(fieldElement)}</SimpleShowLayout>
  </Show>
);
