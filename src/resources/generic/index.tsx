import { lazy, type ComponentType, type ReactElement } from 'react';
import type { ResourceDeclaration } from '@/resources/types';

// Each generated view is its own chunk, like every page (docs/architecture.md).
const ResourceList = lazy(() => import('./ResourceList').then((m) => ({ default: m.ResourceList })));
const ResourceShow = lazy(() => import('./ResourceShow').then((m) => ({ default: m.ResourceShow })));

type Views = { list?: ComponentType | ReactElement; show?: ReactElement };

/**
 * The views App.tsx gives a declaration's <Resource>: its custom list when `views.list` names
 * one; otherwise, when it declares `fields`, the generated list and show. A declaration with
 * neither has no screen of its own (the dictionary's resources live on the Dictionary page).
 */
export const resourceViews = (declaration: ResourceDeclaration): Views => {
  if (declaration.views?.list) return { list: declaration.views.list };
  if (!declaration.fields) return {};
  return { list: <ResourceList declaration={declaration} />, show: <ResourceShow declaration={declaration} /> };
};
