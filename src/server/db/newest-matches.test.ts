import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { rowsOf, type Database } from './client';
import { likeContains } from './like';
import { newestBookingMatches, type MatchWindow } from './newest-matches';

/**
 * 200 bookings a minute apart (every tenth minute holds two, so ties fall to the id), named so that
 * each term takes one way through a small window: the newest 20 read first, a walk above 3 matches
 * among them, at most 30 gathered.
 */
const small: MatchWindow = { recent: 20, walkAbove: 3, gatherAtMost: 30 };
const nameOf = (i: number) =>
  [
    i % 2 === 0 ? 'Common' : 'Odd',
    [7, 70, 130, 150, 160].includes(i) ? 'Rare' : '',
    i < 100 && i % 2 === 1 ? 'Oldie' : '',
    (i >= 150 && i % 10 === 3) || i === 186 ? 'Lately' : '',
    [1, 5, 10, 20, 50, 100, 110, 120, 184, 188, 192, 196].includes(i) ? 'Quad' : '',
  ]
    .filter(Boolean)
    .join(' ');

describe.each(testDbKinds)('newestBookingMatches (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const names = Array.from({ length: 200 }, (_, i) => nameOf(i));
    await database.db.execute(sql`
      insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
                            loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token, created_at)
      select 'NM-' || i, 'confirmed', ${JSON.stringify(names)}::jsonb ->> i, 'nm' || i || '@example.com', '01632 960000',
             '2025-10-20', null, false, 1, false, 950, 950, 'nm-token-' || i,
             '2025-01-01T00:00:00Z'::timestamptz + make_interval(mins => i - (case when i % 10 = 1 then 1 else 0 end))
        from generate_series(0, 199) as i`);
  });
  afterAll(() => database.close());

  /** The way chosen, and the hits, against every match sorted by (created_at, id) newest first. */
  async function search(term: string, limit: number, window: MatchWindow = small, keep?: SQL) {
    const where = sql`lower(b.customer_name) like ${likeContains(term.toLowerCase())}`;
    const [found] = rowsOf<{ way: string; hits: string[] }>(
      await database.db.execute(sql`
        with ${newestBookingMatches({ where, keep, limit, window })}
        select (select way from way) || case when (select way from way) = 'gather' and (select yes from walk)
                                             then ' (too many)' else '' end as way,
               array(select id from hits order by created_at desc, id desc)::text[] as hits`),
    );
    const all = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        select b.id from bookings b where ${where} and ${keep ?? sql`true`}
         order by b.created_at desc, b.id desc limit ${limit}`),
    );
    return { way: found!.way, hits: found!.hits, expected: all.map((r) => r.id) };
  }

  it.each([
    // 10 of the newest 20 match: the window answers a page of 5.
    ['common', 5, 'recent', 5],
    // ... but not a page of 12: more than 3 in the window, so the history is walked.
    ['common', 12, 'walk', 12],
    // None in the window, 5 in all: gathered and sorted.
    ['rare', 12, 'gather', 5],
    // None in the window, 50 among the oldest: more than 30 gathered, so walked after all.
    ['oldie', 12, 'gather (too many)', 12],
    // 3 in the window (not above 3): gathered, all 6.
    ['lately', 12, 'gather', 6],
    // 4 in the window (above 3): walked, 12 in all.
    ['quad', 12, 'walk', 12],
    ['nobody', 12, 'gather', 0],
  ])('"%s", newest %i: %s, the same newest matches a full sort gives', async (term, limit, way, count) => {
    const r = await search(term, limit);
    expect(r.way).toBe(way);
    expect(r.hits).toHaveLength(count);
    expect(r.hits).toEqual(r.expected);
  });

  it('answers from the window alone when it holds every booking', async () => {
    const r = await search('rare', 12, { ...small, recent: 500 });
    expect(r.way).toBe('recent');
    expect(r.hits).toHaveLength(5);
    expect(r.hits).toEqual(r.expected);
  });

  it('applies `keep` to the matches only, in every way, with the answer a full sort gives', async () => {
    // Kept: bookings whose reference ends in 0 or 5 (a lookup by b.id, as the payment search's).
    const refs = new Map(
      rowsOf<{ id: string; reference: string }>(await database.db.execute(sql`select id, reference from bookings`)).map(
        (r) => [r.id, r.reference],
      ),
    );
    const keep = sql`exists (select 1 from bookings k where k.id = b.id and k.reference ~ '[05]$')`;
    for (const [term, limit, window, way] of [
      ['o', 3, small, 'recent'],
      ['o', 12, small, 'walk'],
      ['common', 12, small, 'gather (too many)'],
      ['rare', 12, small, 'gather'],
      ['oldie', 12, small, 'gather (too many)'],
      ['o', 12, { recent: 20, walkAbove: 100, gatherAtMost: 500 }, 'gather'],
    ] as const) {
      const r = await search(term, limit, window, keep);
      expect(r.way, term).toBe(way);
      expect(r.hits.length, term).toBeGreaterThan(0);
      expect(
        r.hits.map((id) => refs.get(id)),
        term,
      ).toEqual(r.expected.map((id) => refs.get(id)));
    }
  });

  it('breaks ties in created_at by id, as the full sort does, whichever way it goes', async () => {
    // "Odd" bookings 1, 11, 21 ... share their minute with a "Common" one (i - 1): a term matching both.
    for (const [limit, way] of [
      [5, 'recent'],
      [40, 'walk'],
    ] as const) {
      const r = await search('o', limit);
      expect(r.way).toBe(way);
      expect(r.hits).toEqual(r.expected);
    }
    // A window of 19 ends between the two bookings of minute 180: the walk below it takes the other.
    const straddled = await search('o', 40, { ...small, recent: 19 });
    expect(straddled.way).toBe('walk');
    expect(straddled.hits).toEqual(straddled.expected);
    const gathered = await search('o', 40, { recent: 20, walkAbove: 100, gatherAtMost: 500 });
    expect(gathered.way).toBe('gather');
    expect(gathered.hits).toEqual(gathered.expected);
  });
});
