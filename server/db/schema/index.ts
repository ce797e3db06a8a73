/**
 * The database schema, one file per area (drizzle-kit reads this index: `npm run db:generate`
 * writes the next migration into server/migrations from the difference).
 */
export * from './assistant';
export * from './dictionary';
export * from './sessions';
export * from './users';
export * from './insights';
export * from './battlecards';
export * from './callSettings';
export * from './targetBands';
export * from './variationSuggestions';
export * from './phraseLabels';
