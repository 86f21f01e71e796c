import { type SQL, sql } from 'drizzle-orm';
import { users } from './schema.js';

/**
 * The searches of people (the admin's users, the licence admin's members; decision 081): a user
 * matches when their name or e-mail contains the search text, whatever the case and accents
 * ("okafor" finds "Adaeze Okafor", "nguyen" finds "Nguyễn", "walk.test" finds
 * "sam.walk.test@school.org"). Both sides are folded by the database's `public.search_key` (lower
 * case, accents removed): the user's side once, when the row is written, into the generated column
 * `users.search_text` (migration search_trigrams, not in schema.ts), which a trigram GIN index
 * serves; the search's side here. `\`, `%` and `_` of the search are letters, not wildcards.
 *
 * A search of one or two characters has no trigram to look up: it reads every user's
 * `search_text` (a plain LIKE, no function call per row), measured by bench/admin-users.
 */
export function userMatches(search: string): SQL {
  const folded = sql`public.search_key(${search})`;
  const escaped = sql`replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return sql`${users}."search_text" like '%' || ${escaped} || '%'`;
}
