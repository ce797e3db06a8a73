import type { ComponentType, ReactElement } from 'react';
import { lazyFrom, preloadable } from '@/shared/preloadable';
import type { ResourceDeclaration } from '@/resources/types';

// Each generated view is its own chunk, like every page (docs/architecture.md).
const ResourceList = lazyFrom(
  preloadable(() => import('./ResourceList')),
  (m) => m.ResourceList,
);
const ResourceShow = lazyFrom(
  preloadable(() => import('./ResourceShow')),
  (m) => m.ResourceShow,
);

const ResourceCreate = lazyFrom(
  preloadable(() => import('./ResourceForm')),
  (m) => m.ResourceCreate,
);
const ResourceEdit = lazyFrom(
  preloadable(() => import('./ResourceForm')),
  (m) => m.ResourceEdit,
);

type Views = { list?: ComponentType | ReactElement; show?: ReactElement; create?: ReactElement; edit?: ReactElement };

/**
 * The views App.tsx gives a declaration's <Resource>: its custom list when `views.list` names
 * one; otherwise, when it declares `fields`, the generated list and show, and when `editable`
 * the generated create and edit. A declaration with neither has no screen of its own (the
 * dictionary's resources live on the Dictionary page).
 */
export const resourceViews = (declaration: ResourceDeclaration): Views => {
  if (declaration.views?.list) return { list: declaration.views.list };
  if (!declaration.fields) return {};
  const views = { list: <ResourceList declaration={declaration} />, show: <ResourceShow declaration={declaration} /> };
  if (!declaration.editable) return views;
  return { ...views, create: <ResourceCreate declaration={declaration} />, edit: <ResourceEdit declaration={declaration} /> };
};
