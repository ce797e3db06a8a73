import frenchMessages from 'ra-language-french';
import type { Catalogue } from './en';
import { apiKeysMessages, configVersionMessages } from './fr/apiKeysMessages';
import { appMessages } from './fr/appMessages';
import { auditMessages } from './fr/auditMessages';
import { battlecardsMessages } from './fr/battlecardsMessages';
import { suggestionsMessages } from './fr/suggestionsMessages';
import { targetBandsMessages } from './fr/targetBandsMessages';
import { callEndMessages } from './fr/callEndMessages';
import { bulkMessages } from './fr/bulkMessages';
import { dictionaryMessages } from './fr/dictionaryMessages';
import { insightRepMessages } from './fr/insightRepMessages';
import { insightsMessages } from './fr/insightsMessages';
import { listPreferencesMessages } from './fr/listPreferencesMessages';
import { matchingMessages } from './fr/matchingMessages';
import { phraseLabelsMessages } from './fr/phraseLabelsMessages';
import { searchMessages } from './fr/searchMessages';
import { sessionErasureMessages } from './fr/sessionErasureMessages';
import { sessionExpiryMessages } from './fr/sessionExpiryMessages';
import { sessionsMessages } from './fr/sessionsMessages';
import { usersMessages } from './fr/usersMessages';

/** i18nProvider imports it lazily, so English users never download it. */
export const fr: Catalogue = {
  ...frenchMessages,
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
