import { battlecardContract } from '../../src/contract/battlecards';
import { battlecards } from '../db/schema';
import type { ServerResource } from '../services/declaredResource';

/** Competitor battlecards at /api/battlecards; the active ones are in the assistant's configuration. */
export const battlecardsResource: ServerResource = {
  name: 'battlecards',
  path: '/battlecards',
  table: battlecards,
  contract: battlecardContract,
  record: 'battlecard',
  title: 'name',
  inAssistantConfig: true,
};
