import { sql, type SQL } from 'drizzle-orm';

/**
 * How a substring search over bookings finds its newest matches (newestBookingMatches). Sizes for a
 * venue's ten years (a million bookings); a test may pass smaller ones to reach every way on a few rows.
 */
export type MatchWindow = {
  /** The newest bookings always read first. */
  recent: number;
  /** Matches among them above which the term is common enough to walk the history newest first. */
  walkAbove: number;
  /** Matches gathered through the trigram indexes (and then sorted) at most. */
  gatherAtMost: number;
};
export const matchWindow: MatchWindow = { recent: 1000, walkAbove: 5, gatherAtMost: 20_000 };

/**
 * CTEs ending in `hits (id, created_at)`: the newest `limit` bookings (aliased b in `where`) matching
 * `where`, by (created_at, id). Every way gives exactly that answer; they differ in cost.
 *
 * Why not one query: at a million bookings the planner's guess of how many rows a substring matches is
 * often far off (31,718 for a surname with 7,783; 6,000 for a full name with 350). Guessing high, asked
 * for the newest 50 it walks the history newest first, and for a term with 580 matches reads 53,000
 * rows (220 ms); asked for a few hundred matches in any order, it scans the table until it has them
 * (50 ms). Guessing low, it gathers every match through the trigram index and sorts: 20 ms for a common
 * name. So the search first reads the newest `recent` bookings (about 1 ms; they are in memory), and
 * lets what it finds there choose:
 * - `limit` matches among them, or the window held every booking: those are the answer;
 * - more than `walkAbove`: the term is common, and the walk goes on newest first below the window,
 *   finding the rest within about `limit / walkAbove` windows;
 * - else the term is rare and its matches few: they are gathered through the trigram indexes and sorted
 *   (a bitmap scan, in no order, so the planner has nothing to gain from scanning the table instead).
 *   A term that was common years ago but not lately can have more than `gatherAtMost`; then it is walked.
 * Walking costs rows / frequency, gathering twice the matches; at a million bookings the two meet at
 * about 5 matches in 1,000, about 10,000 rows (12 ms), the dearest search.
 * Each way is gated by a one-time test, so only the chosen one runs.
 *
 * The walk is written so the planner cannot turn it into a gather: `where` sits above an `offset 0`
 * subquery, out of reach of the trigram indexes. Written as one filtered scan, a term the planner guesses
 * rare (18 rows for "O'Brien", which 7,069 bookings hold) was gathered whole and sorted even after the
 * window had chosen the walk: 7,069 bookings and as many payment lookups, 250 ms, for a page of 50 found
 * within the newest 4,000 bookings (5 ms walked).
 */
export function newestBookingMatches(opts: {
  /** What a match is: tested on every booking walked, and what the trigram indexes gather by. */
  where: SQL;
  /** A further test that may use only b.id (a lookup elsewhere), made only on matches, newest first. */
  keep?: SQL;
  limit: number;
  window?: MatchWindow;
}): SQL {
  const { where, limit, window: w = matchWindow } = opts;
  const kept = opts.keep ?? sql`true`;
  return sql`recent as materialized (
      select b.id, b.created_at, (${where}) and (${kept}) as hit from bookings b
       order by b.created_at desc, b.id desc limit ${w.recent}),
    way as (
      select case when count(*) filter (where hit) >= ${limit} or count(*) < ${w.recent} then 'recent'
                  when count(*) filter (where hit) > ${w.walkAbove} then 'walk'
                  else 'gather' end as way
        from recent),
    gathered as materialized (
      select b.id, b.created_at from bookings b
       where (select way from way) = 'gather' and (${where})
       limit ${w.gatherAtMost + 1}),
    walk as (select (select way from way) = 'walk' or count(*) > ${w.gatherAtMost} as yes from gathered),
    hits as (
      select id, created_at from (
        (select id, created_at from recent where hit and ((select way from way) = 'recent' or (select yes from walk)))
        union all
        -- offset 0 keeps \`keep\` above the sort: tested newest first, until the page is full (the outer
        -- order is the inner one, so it costs no second sort).
        (select b.id, b.created_at
           from (select id, created_at from gathered order by created_at desc, id desc offset 0) b
          where not (select yes from walk) and (${kept})
          order by b.created_at desc, b.id desc limit ${limit})
        union all
        -- offset 0 keeps \`where\` out of the scan, so it is a walk down bookings_created_idx that stops at
        -- the page's last match whatever the planner guesses of the term (see above).
        (select b.id, b.created_at
           from (select * from bookings b
                  where (select yes from walk)
                    and (b.created_at, b.id) < (select created_at, id from recent order by created_at, id limit 1)
                  order by b.created_at desc, b.id desc offset 0) b
          where (${where}) and (${kept})
          order by b.created_at desc, b.id desc limit ${limit})
      ) h
      order by created_at desc, id desc limit ${limit})`;
}
