/** spec 2: the portal's routes, each string in one place. */
export const PATHS = {
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  sessions: '/sessions',
  insights: '/insights',
  insightRep: '/insights/reps',
  dictionary: '/dictionary',
  variationSuggestions: '/dictionary/suggestions',
  users: '/users',
  settings: '/settings',
  audit: '/audit',
  battlecards: '/battlecards',
  phraseLabels: '/phraseLabels',
  apiKeys: '/service-keys',
  transcripts: '/transcripts',
  search: '/search',
} as const;

/** A rep's page (the calls' address as it is spelled there). */
export const insightRepPath = (rep: string, search = ''): string => `${PATHS.insightRep}/${encodeURIComponent(rep)}${search}`;

/** The Sessions list filtered, in react-admin's own address form, from page 1. */
export const filteredSessionsPath = (filter: Record<string, string>): string =>
  `${PATHS.sessions}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
