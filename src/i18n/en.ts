import englishMessages from 'ra-language-english';
import { apiKeysMessages, configVersionMessages } from './apiKeysMessages';
import { appMessages } from './appMessages';
import { auditMessages } from './auditMessages';
import { battlecardsMessages } from './battlecardsMessages';
import { suggestionsMessages } from './suggestionsMessages';
import { targetBandsMessages } from './targetBandsMessages';
import { callEndMessages } from './callEndMessages';
import { bulkMessages } from './bulkMessages';
import { dictionaryMessages } from './dictionaryMessages';
import { insightRepMessages } from './insightRepMessages';
import { insightsMessages } from './insightsMessages';
import { listPreferencesMessages } from './listPreferencesMessages';
import { matchingMessages } from './matchingMessages';
import { phraseLabelsMessages } from './phraseLabelsMessages';
import { searchMessages } from './searchMessages';
import { sessionErasureMessages } from './sessionErasureMessages';
import { sessionExpiryMessages } from './sessionExpiryMessages';
import { sessionsMessages } from './sessionsMessages';
import { usersMessages } from './usersMessages';

/**
 * Screens behind the sign-in keep their strings in files imported only here, so the sign-in page, which reads
 * appMessages alone, does not carry them. fr.ts mirrors it key for key (tests/unit/catalogues.test.ts).
 */
export const en = {
  ...englishMessages,
  app: {
    ...appMessages,
    ...auditMessages,
    dictionary: dictionaryMessages,
    users: usersMessages,
    sessions: sessionsMessages,
    insights: insightsMessages,
    insightRep: insightRepMessages,
    apiKeys: apiKeysMessages,
    configVersion: configVersionMessages,
    matching: matchingMessages,
    listPreferences: listPreferencesMessages,
    sessionExpiry: sessionExpiryMessages,
    sessionErasure: sessionErasureMessages,
    callEnd: callEndMessages,
    targetBands: targetBandsMessages,
    suggestions: suggestionsMessages,
    search: searchMessages,
    bulk: bulkMessages,
    battlecards: battlecardsMessages,
    phraseLabels: phraseLabelsMessages,
  },
};

export type Catalogue = typeof en;
