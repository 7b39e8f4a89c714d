/**
 * Ten years of a busy venue for `npm run bench:admin` (issue 17), written with set-based SQL
 * (generate_series and INSERT ... SELECT): no per-row round trips, so a million bookings take minutes.
 *
 * The data looks like what the live system leaves behind after ten years, retention job included:
 * bookings older than 6 years and holds never paid after 30 days are anonymised, enquiries older
 * than 24 months are gone, number plates older than 30 days are cleared. So the server's own daily
 * job has nothing left to do while the bench runs, and the staff screens see realistic rows.
 */
import type pg from 'pg';
import { refillSalesByDay } from '../../src/server/overview/sales-by-day';

export const BOOKINGS = 1_000_000;
export const FAMILIES = 200_000;
const YEARS_DAYS = 3650;
/** Future visits: the bookable month ahead. */
const AHEAD_DAYS = 31;
/** A busy venue: room for the seeded bookings in every session (all-day tickets count in each). */
const SESSION_CAPACITY = 250;

const firstNames = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Isabella',
  'Rosie',
  'Sophia',
  'Grace',
  'Willow',
  'Freya',
  'Florence',
  'Emily',
  'Ella',
  'Poppy',
  'Evie',
  'Elsie',
  'Charlotte',
  'Evelyn',
  'Sienna',
  'Sofia',
  'Daisy',
  'Harper',
  'Chloé',
  'Zoë',
  'Aoife',
  'Siobhan',
  'Priya',
  'Aisha',
  'Fatima',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Muhammad',
  'Leo',
  'Harry',
  'Oscar',
  'Archie',
  'Henry',
  'Theodore',
  'Freddie',
  'Jack',
  'Charlie',
  'Theo',
  'Alfie',
  'Jacob',
  'Thomas',
  'Finley',
  'Arlo',
  'William',
  'Lucas',
  'Roman',
  'Tommy',
  'Isaac',
  'Teddy',
  'Rhys',
  'Dylan',
  'Ewan',
  'Callum',
  'Kwame',
  'Raj',
  'Mateusz',
  'José',
];
/** One surname is 5% of all families (the common-name case staff searches must survive: issue 27). */
export const COMMON_SURNAME = 'Smith';
/** The others, in turn, for the remaining 95%. */
const surnames = [
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Moore',
  'Clark',
  'King',
  'Harrison',
  'Lewis',
  'Baker',
  'Lee',
  'Allen',
  'Morris',
  'Khan',
  'Scott',
  'Watson',
  'Davis',
  'Parker',
  'James',
  'Bennett',
  'Young',
  'Phillips',
  'Richardson',
  'Mitchell',
  'Bailey',
  'Carter',
  'Cook',
  'Singh',
  'Shaw',
  'Bell',
  'Collins',
  'Morgan',
  'Kelly',
  'Begum',
  'Miller',
  'Cox',
  'Hussain',
  'Marshall',
  'Simpson',
  'Price',
  'Anderson',
  'Adams',
  'Wilkinson',
  "O'Brien",
  'Nowak',
  'Okafor',
  'MacDonald',
  'Ahmed',
  'Chen',
];
const domains = ['gmail.com', 'hotmail.co.uk', 'outlook.com', 'yahoo.co.uk', 'icloud.com', 'btinternet.com'];
const staffNames = ['admin', 'sarah', 'james', 'priya', 'tom', 'megan', 'dan', 'lucy'];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/** The steps, each one statement, timed and logged by the caller. */
/** A step of the seed. Steps of one phase run at the same time, one connection per lane, in order within a lane. */
export type SeedStep = { name: string; sql: string; phase: number; lane: number };

export function seedSteps(): SeedStep[] {
  // Reference PTB-XXXXXX from the row number: n -> (n * 7919 + 12345) mod 31^6 is a bijection, written in base 31.
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const refOf = (n: string) =>
    `'PTB-' || ${[5, 4, 3, 2, 1, 0]
      .map((k) => `substr('${alphabet}', (((${n}::bigint * 7919 + 12345) % 887503681) / ${31 ** k} % 31)::int + 1, 1)`)
      .join(' || ')}`;
  return [
    {
      name: 'venue: capacity for a busy venue',
      phase: 1,
      lane: 0,
      // A catalogue edit like any other: the version bump makes a running server reload its copy.
      sql: `update session_times set capacity = ${SESSION_CAPACITY}, version = version + 1;
        update catalogue_state set version = version + 1`,
    },
    {
      name: 'families (200,000)',
      phase: 1,
      lane: 0,
      sql: `
        create unlogged table bench_families as
        select f as fid, fn, sn,
               lower(translate(fn, 'éëó''', 'eeo')) || '.' || lower(translate(sn, 'éëó''', 'eeo')) || f || '@' ||
                 (${arr(domains)})[1 + f % ${domains.length}] as email,
               '07' || lpad(((f::bigint * 48271) % 1000)::text, 3, '0') || ' ' || lpad(((f::bigint * 16807) % 1000000)::text, 6, '0') as phone
        from (select f, (${arr(firstNames)})[1 + (f * 7) % ${firstNames.length}] as fn,
                        case when f % 20 = 0 then '${COMMON_SURNAME}'
                             else (${arr(surnames)})[1 + (f * 13) % ${surnames.length}] end as sn
                from generate_series(1, ${FAMILIES}) f) x;
        alter table bench_families add primary key (fid)`,
    },
    {
      // One statement: the row number decides the visit day (oldest first), the family and the
      // reference; random() the session, party size and status.
      name: 'bookings (1,000,000)',
      phase: 2,
      lane: 0,
      sql: `
        select setseed(0.17);
        insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
          special_requests, loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token,
          confirmed_at, cancelled_at, anonymised_at, created_at, updated_at)
        select ${refOf('g')},
               st,
               case when anon then 'Erased' else (fam).fn || ' ' || (fam).sn end,
               case when anon then 'erased+' || md5('b' || g) || '@invalid' else (fam).email end,
               case when anon then '' else (fam).phone end,
               vd, sess, case when r4 < 0.05 and not anon then 'Nut allergy' else '' end, r4 < 0.6,
               places, st in ('confirmed', 'processing'), places * 950 + adults * 200, places * 950 + adults * 200,
               md5('ticket' || g),
               case when st in ('confirmed', 'cancelled', 'refunded') then made + interval '2 minutes' end,
               case when st in ('cancelled', 'refunded') then least(made + interval '3 days', now() - interval '1 hour') end,
               case when anon then made + interval '6 years 1 month' end,
               made, made + interval '2 minutes'
        from (
          select g, vd, fam, sess, places, adults, r4, made,
                 case when vd >= current_date and r3 < 0.01 then 'processing'
                      when r3 < 0.88 then 'confirmed' when r3 < 0.94 then 'cancelled' when r3 < 0.97 then 'refunded'
                      when r3 < 0.99 then 'expired' else 'failed' end as st,
                 made < now() - interval '6 years' or (r3 >= 0.97 and made < now() - interval '30 days') as anon
          from (
            select g, vd, fam,
                   case when extract(isodow from vd) < 6 and r1 < 0.1 then null
                        else (array['morning','midday','afternoon'])[1 + (r1 * 1000)::int % 3] end as sess,
                   1 + (r2 * 3)::int % 3 as places, 1 + (r2 * 10)::int % 2 as adults, r3, r4,
                   least(vd + time '09:00' - (r4 * 21) * interval '1 day' + (g % 600) * interval '1 minute',
                         now() - interval '5 minutes') as made
            from (
              select g, current_date - ${YEARS_DAYS} + ((g - 1)::bigint * ${YEARS_DAYS + AHEAD_DAYS} / ${BOOKINGS})::int as vd,
                     f as fam, random() as r1, random() as r2, random() as r3, random() as r4
              from generate_series(1, ${BOOKINGS}) g
              join bench_families f on f.fid = 1 + (g::bigint * 104729) % ${FAMILIES}
            ) a
          ) b
        ) c`,
    },
    {
      name: 'booking lines (children and adults)',
      phase: 3,
      lane: 0,
      sql: `
        insert into booking_lines (booking_id, ticket_type_id, quantity, unit_price_pence, unit_fee_pence)
        select id, 'child-1-12', places, 950, 0 from bookings
        union all
        select id, 'adult', (original_pence - places * 950) / 200, 200, 0 from bookings`,
    },
    {
      name: 'payments and refunds (one a paid or tried booking)',
      phase: 3,
      lane: 1,
      sql: `
        insert into payments (purpose, booking_id, provider, provider_payment_id, amount_pence, status, refund_status,
          refund_pence, refund_reason, refund_id, created_at, updated_at)
        select 'booking', id, 'stripe', 'pi_bench_' || md5(id::text), final_pence,
               case status when 'confirmed' then 'succeeded' when 'processing' then 'processing'
                           when 'failed' then 'failed' when 'expired' then 'canceled' else 'refunded' end,
               case when status in ('cancelled', 'refunded') then 'succeeded' end,
               case when status in ('cancelled', 'refunded') then final_pence else 0 end,
               case status when 'cancelled' then 'cancelled' when 'refunded' then 'provider_refund' end,
               case when status in ('cancelled', 'refunded') then 're_bench_' || md5(id::text) end,
               created_at + interval '1 minute', coalesce(cancelled_at, confirmed_at, created_at + interval '1 minute')
        from bookings`,
    },
    {
      name: 'credit purchases (30,000), their payments, accounts and grants',
      phase: 3,
      lane: 1,
      sql: `
        insert into credit_purchases (email, customer_name, customer_email, customer_phone, credits, amount_pence,
          savings_pence, status, paid_at, anonymised_at, created_at, updated_at)
        select case when anon then 'erased+' || md5('c' || g) || '@invalid' else f.email end,
               case when anon then 'Erased' else f.fn || ' ' || f.sn end,
               case when anon then 'erased+' || md5('c' || g) || '@invalid' else f.email end,
               case when anon then '' else f.phone end,
               10, 7500, 2000, case when g % 20 = 0 then 'failed' else 'paid' end,
               case when g % 20 <> 0 then made + interval '1 minute' end,
               case when anon then made + interval '6 years 1 month' end, made, made + interval '1 minute'
        from (select g, now() - interval '${YEARS_DAYS} days' * (1 - g / 30000.0) - interval '1 hour' as made,
                     1 + (g::bigint * 7877) % ${FAMILIES} as fid
                from generate_series(1, 30000) g) x
        join bench_families f on f.fid = x.fid
        cross join lateral (select x.made < now() - interval '6 years' as anon) a;
        insert into payments (purpose, credit_purchase_id, provider, provider_payment_id, amount_pence, status,
          created_at, updated_at)
        select 'credit_purchase', id, 'stripe', 'pi_bench_' || md5(id::text), amount_pence,
               case status when 'paid' then 'succeeded' else 'failed' end, created_at, updated_at
        from credit_purchases;
        insert into credit_accounts (email, created_at)
        select email, min(created_at) from credit_purchases where status = 'paid' group by email;
        insert into credit_ledger (email, kind, credits, purchase_id, created_at)
        select email, 'grant', credits, id, paid_at from credit_purchases where status = 'paid'`,
    },
    {
      name: 'check-ins (confirmed visits up to today; some still in today)',
      phase: 3,
      lane: 2,
      sql: `
        insert into check_ins (booking_id, visit_date, children, adults, number_plate, parking_agreed, checked_in_at,
          checked_out_at, checked_in_by, checked_out_by)
        select b.id, b.visit_date, b.places, (b.original_pence - b.places * 950) / 200,
               case when b.visit_date > current_date - 30 and hashtext(b.id::text) % 3 = 0 then 'AB12 CDE' end, true,
               b.visit_date + coalesce(st.start_time::time, time '10:00') + (abs(hashtext(b.id::text)) % 30) * interval '1 minute',
               case when b.visit_date < current_date or abs(hashtext(b.id::text)) % 2 = 0
                    then b.visit_date + coalesce(st.end_time::time, time '15:00') end,
               'kiosk:Front desk',
               case when b.visit_date < current_date or abs(hashtext(b.id::text)) % 2 = 0 then 'kiosk:Front desk' end
        from bookings b left join session_times st on st.id = b.session_id
        where b.status = 'confirmed' and b.visit_date <= current_date and abs(hashtext(b.reference)) % 100 < 85`,
    },
    {
      name: 'session occupancy (every date and session)',
      phase: 3,
      lane: 3,
      sql: `
        insert into session_occupancy (visit_date, session_id, capacity, taken)
        with held as (
          select visit_date, session_id, sum(places)::int as places from bookings where places_held group by 1, 2
        )
        select d::date, s.id, ${SESSION_CAPACITY}, coalesce(x.places, 0) + coalesce(a.places, 0)
        from generate_series(current_date - ${YEARS_DAYS}, current_date + ${AHEAD_DAYS}, interval '1 day') d
        cross join session_times s
        left join held x on x.visit_date = d::date and x.session_id = s.id
        left join held a on a.visit_date = d::date and a.session_id is null`,
    },
    {
      name: 'enquiries (the last 24 months: older ones are deleted by retention)',
      phase: 3,
      lane: 3,
      sql: `
        insert into inquiries (source, name, email, phone, inquiry_type, message, details, responded, responded_at,
          party_booked_at, created_at)
        select case when g % 3 = 0 then 'party' else 'contact' end, f.fn || ' ' || f.sn, f.email, f.phone,
               case when g % 3 = 0 then 'Birthday party' else (array['General question','Opening times','Accessibility','Feedback'])[1 + g % 4] end,
               'Hello, could you tell me more about visiting with ' || (1 + g % 4) || ' children? Thanks, ' || f.fn,
               case when g % 3 = 0 then jsonb_build_object('childName', 'Sam', 'childAge', (3 + g % 6)::text,
                 'partyDate', to_char(made + interval '30 days', 'YYYY-MM-DD'), 'numberOfChildren', (8 + g % 12)::text,
                 'packageType', 'standard') end,
               made < now() - interval '3 days', case when made < now() - interval '3 days' then made + interval '1 day' end,
               case when g % 3 = 0 and g % 2 = 0 and made < now() - interval '3 days' then made + interval '2 days' end,
               made
        from (select g, now() - interval '720 days' * (1 - g / 20000.0) as made, 1 + (g::bigint * 7561) % ${FAMILIES} as fid
                from generate_series(1, 20000) g) x
        join bench_families f on f.fid = x.fid`,
    },
    {
      name: 'restrictions (about one a week over ten years, a few ahead)',
      phase: 3,
      lane: 3,
      sql: `
        insert into session_restrictions (date, session_id, reason, description, created_by, created_at)
        select current_date - ${YEARS_DAYS} + g * 7, case when g % 4 = 0 then null else (array['morning','midday','afternoon'])[1 + g % 3] end,
               (array['Private party','Staff training','Maintenance','School trip'])[1 + g % 4], 'Seeded for the bench.',
               (${arr(staffNames)})[1 + g % ${staffNames.length}], now() - interval '${YEARS_DAYS} days' + g * interval '7 days' - interval '14 days'
        from generate_series(1, ${Math.floor((YEARS_DAYS + AHEAD_DAYS) / 7)}) g`,
    },
    {
      name: 'audit log (refunds, check-outs, enquiries, restrictions: 400,000 entries)',
      phase: 3,
      lane: 2,
      sql: `
        insert into audit_log (actor, action, subject_type, subject_id, details, created_at)
        select case when g % 10 = 0 then 'system' else (${arr(staffNames)})[1 + g % ${staffNames.length}] end,
               (array['booking.cancelled','check_in.checked_out','inquiry.responded','restriction.created','booking.resent'])[1 + g % 5],
               'booking', md5('subject' || g), jsonb_build_object('note', 'seeded'),
               now() - interval '${YEARS_DAYS} days' * (1 - g / 400000.0)
        from generate_series(1, 400000) g`,
    },
    {
      name: 'outbox (confirmation mails of the last year)',
      phase: 3,
      lane: 3,
      sql: `
        insert into outbox (dedupe_key, to_address, subject, text, template, status, sent_at, anonymised_at, created_at)
        select 'booking-confirmation:' || id, customer_email, 'Your booking ' || reference || ' is confirmed',
               case when confirmed_at < now() - interval '90 days' then 'Removed under our retention policy (see /privacy).'
                    else 'Thank you for booking.' end,
               'booking-confirmation', 'sent', confirmed_at + interval '10 seconds',
               case when confirmed_at < now() - interval '90 days' then confirmed_at + interval '91 days' end, confirmed_at
        from bookings where confirmed_at > now() - interval '365 days'`,
    },
    { name: 'drop the families helper table', phase: 4, lane: 0, sql: 'drop table bench_families' },
  ];
}

/** Tables the seed fills in bulk: their secondary indexes and unique constraints are built once, at the end. */
const BULK_TABLES = ['bookings', 'booking_lines', 'payments', 'check_ins', 'audit_log', 'outbox', 'inquiries'];
/** Connections building indexes at once. */
const INDEX_LANES = 3;

type Connect = () => Promise<pg.Client>;

/**
 * Seeds through connections from `connect`, logging each step's time; returns the total seconds. A
 * bulk load the usual way: the bulk tables' secondary indexes (the trigram GIN ones above all) and
 * unique constraints other than primary keys are dropped and rebuilt afterwards from their own
 * definitions, several at a time, and triggers (foreign keys, the customer summary) are off while rows
 * go in (session_replication_role = replica; needs a superuser), then the customer summary is
 * backfilled as its migration does.
 */
export async function seedTenYears(connect: Connect, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  const open = async () => {
    const c = await connect();
    await c.query("set synchronous_commit = off; set maintenance_work_mem = '256MB'");
    await c.query('set session_replication_role = replica');
    return c;
  };
  const timed = async (c: pg.Client, name: string, sql: string) => {
    const t = performance.now();
    await c.query(sql);
    log(`  ${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const lanes = await Promise.all(Array.from({ length: Math.max(4, INDEX_LANES) }, open));
  const main = lanes[0]!;
  try {
    const indexes = (
      await main.query<{ name: string; def: string }>(
        `select i.indexname as name, i.indexdef as def from pg_indexes i
          where i.schemaname = 'public' and i.tablename = any($1)
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [BULK_TABLES],
      )
    ).rows;
    const uniques = (
      await main.query<{ tbl: string; name: string; def: string }>(
        `select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
           from pg_constraint c where c.contype = 'u' and c.conrelid::regclass::text = any($1)`,
        [BULK_TABLES],
      )
    ).rows;
    for (const i of indexes) await main.query(`drop index "${i.name}"`);
    for (const u of uniques) await main.query(`alter table ${u.tbl} drop constraint "${u.name}"`);

    const steps = seedSteps();
    for (const phase of [...new Set(steps.map((s) => s.phase))].sort((a, b) => a - b)) {
      const inPhase = steps.filter((s) => s.phase === phase);
      await Promise.all(
        [...new Set(inPhase.map((s) => s.lane))].map(async (lane) => {
          for (const s of inPhase.filter((x) => x.lane === lane)) await timed(lanes[lane]!, s.name, s.sql);
        }),
      );
    }

    // Rebuilds, the biggest tables first, spread over the lanes.
    const t = performance.now();
    const builds = [
      ...uniques.map((u) => `alter table ${u.tbl} add constraint "${u.name}" ${u.def}`),
      ...indexes.map((i) => i.def),
    ].sort((a, b) => Number(/using gin/i.test(b)) - Number(/using gin/i.test(a))); // the slow ones first
    let next = 0;
    await Promise.all(
      lanes.slice(0, INDEX_LANES).map(async (c) => {
        while (next < builds.length) await c.query(builds[next++]!);
      }),
    );
    log(`  ${builds.length} indexes and unique constraints rebuilt: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await main.query('set session_replication_role = origin');
    const hasSummary =
      (await main.query("select 1 from pg_tables where schemaname = 'public' and tablename = 'customer_emails'"))
        .rowCount === 1;
    if (hasSummary) await timed(main, 'customer summary backfilled', customerSummaryBackfill);
    await timed(main, 'sales by day backfilled', refillSalesByDay);
    await timed(main, 'vacuum analyze', 'vacuum analyze');
  } finally {
    await Promise.all(lanes.map((c) => c.end()));
  }
  return (performance.now() - started) / 1000;
}

/** As migration 0013's backfill: every address with its qualifying rows, and the count per shard. */
const customerSummaryBackfill = `
  delete from customer_emails; delete from customer_totals;
  insert into customer_emails (email, refs)
    select email, count(*) from (
      select lower(customer_email) as email from bookings where status in ('confirmed', 'processing')
      union all
      select email from credit_purchases where status = 'paid'
    ) r group by email;
  insert into customer_totals (shard, customers) select hashtext(email) & 15, count(*) from customer_emails group by 1`;

/** Rows per table after the seed, for the printed report. */
export async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const tables = [
    'bookings',
    'booking_lines',
    'payments',
    'credit_purchases',
    'check_ins',
    'session_occupancy',
    'inquiries',
    'session_restrictions',
    'audit_log',
    'outbox',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await client.query(`select count(*)::int as n from ${t}`)).rows[0].n);
  out['families (distinct e-mails)'] = Number(
    (
      await client.query(
        `select count(distinct lower(customer_email))::int as n from bookings where anonymised_at is null`,
      )
    ).rows[0].n,
  );
  return out;
}
