/** spec 2: the portal's routes, each string in one place. */
export const PATHS = {
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  sessions: '/sessions',
  insights: '/insights',
  dictionary: '/dictionary',
  users: '/users',
  settings: '/settings',
  audit: '/audit',
  battlecards: '/battlecards',
  apiKeys: '/service-keys',
  transcripts: '/transcripts',
  search: '/search',
} as const;
