import { sql, type SQL } from 'drizzle-orm';

/** How many matches a substring search gathers through its trigram indexes and sorts itself. */
export const fewMatchesLimit = 500;

/**
 * Two CTEs for a substring search over `from` (aliased b) by `where`: `found`, at most
 * `fewMatchesLimit` + 1 matching ids, and `few`, whether that is all of them. The search then sorts
 * `found` when `few`, and otherwise walks the newest rows, filtering (`not (select yes from few)` is a
 * one-time test, so only one of the two runs).
 *
 * Why: at a million bookings the planner's guess of how many rows a substring matches is often far off
 * (it guessed 6,000 for a full name with 350), and with a guess that high, asked for the newest 50, it
 * walks the whole history newest first rather than asking the trigram indexes: 136 ms instead of 4.
 * Asked for matches in no order, it uses the indexes (or, for a very common term, stops a plain scan
 * after 501 rows); and a common term's newest 50 lie within the first rows of the walk.
 */
export const foundMatches = (from: SQL, where: SQL): SQL =>
  sql`found as materialized (select b.id from ${from} where ${where} limit ${fewMatchesLimit + 1}),
      few as (select count(*) <= ${fewMatchesLimit} as yes from found)`;
