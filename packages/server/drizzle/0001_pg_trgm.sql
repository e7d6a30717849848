-- Trigram indexes answer the case-insensitive substring searches of the people lists (issue 5).
-- pg_trgm is a trusted extension: a database owner may create it. PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
