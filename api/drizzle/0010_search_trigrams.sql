-- Hand-written (issue 25, decision 081): the admin's user search and the licence admin's member search
-- find any part of a name or an e-mail, whatever its case and accents, on trigram indexes.
-- pg_trgm and unaccent are trusted extensions (PostgreSQL 13+): a database owner may create them;
-- PGlite loads their code when it is created (api/src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- What a search compares: lower case without accents ("Nguyễn Martínez" -> "nguyen martinez").
-- unaccent() is only STABLE (its dictionary could change), so neither an index nor a generated
-- column may use it; this wrapper names the dictionary and is declared IMMUTABLE (the usual
-- pattern). Its standard SQL body is bound when it is created, so no search_path changes it.
CREATE FUNCTION public.search_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));--> statement-breakpoint
-- The folded name and e-mail, kept with the row: a search reads this column (a plain LIKE, on its
-- trigram index) instead of calling search_key on every row it looks at, which cost ten times as
-- much as the comparison itself. A line break between the two: pg_trgm splits words there. Not in
-- schema.ts (no query selects it); the queries name it (api/src/db/search.ts).
ALTER TABLE "users" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (public.search_key("name") || E'\n' || public.search_key("email")) STORED;--> statement-breakpoint
-- Decision 034's prefix indexes: no query uses them any more.
DROP INDEX IF EXISTS "users_name_prefix_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_prefix_idx";--> statement-breakpoint
CREATE INDEX "users_search_text_idx" ON "users" USING gin ("search_text" public.gin_trgm_ops);
