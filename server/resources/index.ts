import type { ServerResource } from '../services/declaredResource';
import { battlecardsResource } from './battlecards';

/** Every resource declared on the server (docs/architecture.md "Adding a resource"); app.ts gives each its routes. */
export const serverResources: readonly ServerResource[] = [battlecardsResource];
