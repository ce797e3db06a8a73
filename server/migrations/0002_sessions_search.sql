-- pg_trgm powers the trigram GIN index of the sessions search (migration 0003). PGlite loads
-- the extension in server/db/client.ts; PostgreSQL ships it in its contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
