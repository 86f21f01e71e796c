import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column` is one of `ids`, sent as ONE array parameter (`= ANY($1::uuid[])`, which the planner reads
 * as an IN list and matches to the same indexes). `inArray` sends one parameter per id: for a page
 * of 250 members that cost drizzle's query builder and the driver more of the api's CPU than the
 * database spent on the page (decision 129).
 */
export const amongIds = (column: Column | SQL, ids: readonly string[]): SQL =>
  sql`${column} = ANY(${sql.param([...ids])}::uuid[])`;
