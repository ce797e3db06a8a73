import { lazy, type ReactElement } from 'react';
import type { ResourceDeclaration } from '@/resources/types';

// Each generated view is its own chunk, like every page (docs/architecture.md).
const ResourceList = lazy(() => import('./ResourceList').then((m) => ({ default: m.ResourceList })));
const ResourceShow = lazy(() => import('./ResourceShow').then((m) => ({ default: m.ResourceShow })));
const ResourceCreate = lazy(() => import('./ResourceCreate').then((m) => ({ default: m.ResourceCreate })));
const ResourceEdit = lazy(() => import('./ResourceEdit').then((m) => ({ default: m.ResourceEdit })));

type Views = Partial<Record<'list' | 'show' | 'create' | 'edit', ReactElement>>;

/**
 * The views App.tsx gives a declaration's <Resource>: its own `views` when it has them;
 * otherwise, when it declares `fields`, the generated list and show, and create and edit
 * unless it is `readOnly`. A declaration with neither has no screen of its own (the
 * dictionary's resources live on the Dictionary page).
 */
export const resourceViews = (declaration: ResourceDeclaration): ResourceDeclaration['views'] | Views => {
  if (declaration.views) return declaration.views;
  if (!declaration.fields) return {};
  const views: Views = {
    list: <ResourceList declaration={declaration} />,
    show: <ResourceShow declaration={declaration} />,
  };
  if (declaration.readOnly) return views;
  return { ...views, create: <ResourceCreate declaration={declaration} />, edit: <ResourceEdit declaration={declaration} /> };
};
