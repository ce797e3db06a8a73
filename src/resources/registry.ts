import apiKeys from './apiKeys';
import audit from './audit';
import battlecards from './battlecards';
import faqs from './dictionary/faqs';
import landmines from './dictionary/landmines';
import objections from './dictionary/objections';
import phraseLabels from './phraseLabels';
import search from './search';
import sessions from './sessions';
import type { ResourceDeclaration } from './types';
import users from './users';

/**
 * Every declared resource: App.tsx maps them onto <Resource>s and the dataProvider reads
 * their API mapping. Adding a resource is one declaration in resources/<name>/index.ts
 * plus one line here (docs/architecture.md, "Adding a resource").
 */
export const resources: ResourceDeclaration[] = [
  objections,
  faqs,
  landmines,
  users,
  sessions,
  search,
  audit,
  apiKeys,
  battlecards,
  phraseLabels,
];
