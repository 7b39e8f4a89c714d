import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingManagerDetail } from '../../shared/contracts/booking-manager';
import { buildApp } from '../app';
import { hashPassword } from '../staff/passwords';
import { cookieFrom } from '../testing/staff-fixtures';
import { copyMigrations, openScratchDatabase, type ScratchDatabase } from '../testing/migration-scratch';
import { testConfig } from '../testing/test-config';
import { testDbKinds } from '../testing/test-database';
import { rowsOf, type Db } from './client';
import { seedVenue } from '../catalogue/seed-venue';

/*
 * Upgrades never lose data (DECISIONS.md "Nothing is lost"): a database of a previous release, filled through
 * raw SQL in that release's own schema, is migrated to today's and keeps every row; the site answers with the
 * same bookings. 0022 is the release before the catalogue (prices were columns of ticket_types), 0023 the last.
 */

const ADMIN_PASSWORD = 'an admin from last year';

/** Ticket types as the venue had them, at prices the seed does not use: the migrated prices must be these. */
const oldTicketTypes = [
  { id: 'child-1-12', title: 'Child (1-12)', price: 1150, fee: 50, morningOnly: false, child: true },
  { id: 'adult', title: 'Adult', price: 250, fee: 0, morningOnly: false, child: false },
  { id: 'baby-toddler', title: 'Baby & toddler morning', price: 675, fee: 25, morningOnly: true, child: true },
];

const ids = {
  admin: '00000000-0000-4000-8000-000000000001',
  paid: '00000000-0000-4000-8000-0000000000b1',
  refunded: '00000000-0000-4000-8000-0000000000b2',
  withCredits: '00000000-0000-4000-8000-0000000000b3',
  purchase: '00000000-0000-4000-8000-0000000000c1',
  member: '00000000-0000-4000-8000-0000000000d1',
};

async function fillPreviousRelease(db: Db, release: '0022' | '0023'): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into session_times (id, label, start_time, end_time, capacity, sort) values
    ('morning', '9:30 AM - 11:30 AM', '09:30', '11:30', 60, 1),
    ('afternoon', '2:00 PM - 4:00 PM', '14:00', '16:00', 60, 3)`);
  for (const [sort, t] of oldTicketTypes.entries()) {
    if (release === '0022')
      await run(sql`insert into ticket_types (id, title, description, price_pence, fee_pence, age_range, colour,
          is_child, weekday_morning_only, sort)
        values (${t.id}, ${t.title}, 'Play all session', ${t.price}, ${t.fee}, '1-12', 'sky', ${t.child}, ${t.morningOnly}, ${sort})`);
    else {
      await run(sql`insert into ticket_types (id, title, description, age_range, colour, is_child, sort, sell_days, session_ids)
        values (${t.id}, ${t.title}, 'Play all session', '1-12', 'sky', ${t.child}, ${sort},
          ${t.morningOnly ? 'weekdays' : 'any'}, ${t.morningOnly ? sql`ARRAY['morning']` : sql`'{}'::text[]`})`);
      await run(sql`insert into ticket_type_prices (ticket_type_id, from_date, price_pence, fee_pence, created_by)
        values (${t.id}, '2000-01-01', ${t.price}, ${t.fee}, 'seed'), (${t.id}, '2026-04-01', ${t.price + 100}, ${t.fee}, 'admin')`);
    }
  }
  await run(sql`insert into staff_accounts (id, username, display_name, role, password_hash, created_by)
    values (${ids.admin}, 'admin', 'The Admin', 'admin', ${await hashPassword(ADMIN_PASSWORD)}, 'first start')`);
  await run(sql`insert into session_occupancy (visit_date, session_id, capacity, taken) values
    ('2026-03-14', 'morning', 60, 3), ('2026-03-15', 'afternoon', 60, 1)`);

  // Three bookings: paid; cancelled and refunded; paid partly with session credits.
  const booking = (
    id: string,
    ref: string,
    status: string,
    date: string,
    session: string,
    places: number,
    pence: number,
  ) =>
    run(sql`insert into bookings (id, reference, status, customer_name, customer_email, customer_phone, visit_date,
        session_id, loyalty_opt_in, places, original_pence, final_pence, ticket_token, created_at, confirmed_at)
      values (${id}, ${ref}, ${status}, ${`Family ${ref}`}, ${`${ref.toLowerCase()}@example.com`}, '07700 900123',
        ${date}, ${session}, true, ${places}, ${pence}, ${pence}, ${`tok-${ref}`}, '2026-03-01T10:00:00Z', '2026-03-01T10:05:00Z')`);
  await booking(ids.paid, 'PTB-AAA111', 'confirmed', '2026-03-14', 'morning', 2, 2650);
  await booking(ids.refunded, 'PTB-BBB222', 'cancelled', '2026-03-15', 'afternoon', 1, 1200);
  await booking(ids.withCredits, 'PTB-CCC333', 'confirmed', '2026-03-14', 'morning', 1, 1200);
  await run(sql`update bookings set cancelled_at = '2026-03-02T09:00:00Z' where id = ${ids.refunded}`);
  await run(sql`update bookings set credits_used = 1, credit_savings_pence = 1200, final_pence = 0, credits_state = 'used'
    where id = ${ids.withCredits}`);
  await run(sql`insert into booking_lines (booking_id, ticket_type_id, quantity, unit_price_pence, unit_fee_pence) values
    (${ids.paid}, 'child-1-12', 2, 1150, 50), (${ids.paid}, 'adult', 1, 250, 0),
    (${ids.refunded}, 'child-1-12', 1, 1150, 50), (${ids.withCredits}, 'child-1-12', 1, 1150, 50)`);

  await run(sql`insert into credit_accounts (email) values ('ccc333@example.com')`);
  await run(sql`insert into credit_purchases (id, email, customer_name, customer_email, customer_phone, credits,
      amount_pence, savings_pence, status, paid_at)
    values (${ids.purchase}, 'ccc333@example.com', 'Family C', 'ccc333@example.com', '07700 900123', 5, 5000, 750, 'paid', '2026-02-20T12:00:00Z')`);
  await run(sql`insert into payments (booking_id, credit_purchase_id, purpose, provider, provider_payment_id, amount_pence,
      status, refund_status, refund_pence, refund_reason) values
    (${ids.paid}, null, 'booking', 'test', 'pi_a', 2650, 'succeeded', null, 0, null),
    (${ids.refunded}, null, 'booking', 'test', 'pi_b', 1200, 'refunded', 'succeeded', 1200, 'cancelled'),
    (null, ${ids.purchase}, 'credit_purchase', 'test', 'pi_c', 5000, 'succeeded', null, 0, null)`);
  await run(sql`insert into credit_ledger (email, kind, credits, purchase_id, booking_id) values
    ('ccc333@example.com', 'grant', 5, ${ids.purchase}, null),
    ('ccc333@example.com', 'use', 1, null, ${ids.withCredits})`);

  await run(
    sql`insert into loyalty_members (id, email, name, visit_count) values (${ids.member}, 'aaa111@example.com', 'Family A', 2)`,
  );
  await run(sql`insert into loyalty_ledger (member_id, kind, points, description, booking_id) values
    (${ids.member}, 'welcome', 50, 'Welcome to the club', null),
    (${ids.member}, 'earn', 26, 'Booking PTB-AAA111', ${ids.paid})`);
  await run(sql`insert into check_ins (booking_id, visit_date, children, adults, parking_agreed, checked_in_at, checked_in_by)
    values (${ids.paid}, '2026-03-14', 2, 1, true, '2026-03-14T09:35:00Z', 'admin')`);
  await run(sql`insert into audit_log (actor, action, subject_type, subject_id, details) values
    ('admin', 'booking_cancelled', 'booking', ${ids.refunded}, '{"refundPence":1200}'),
    ('admin', 'staff_account_created', 'staff_account', ${ids.admin}, '{}')`);
  await run(sql`insert into inquiries (source, name, email, inquiry_type, message) values
    ('party', 'Party Parent', 'party@example.com', 'birthday', 'A party for ten on a Saturday?')`);
}

type TableState = { count: number; columns: string; hash: string };

/**
 * Every table: its rows (count, and a hash of them in a stable order) and its columns. With `before`, a
 * table that kept all its old columns is hashed over those alone, so columns an upgrade added (at the end)
 * do not hide whether the old values survived.
 */
async function tableStates(db: Db, before?: Map<string, TableState>): Promise<Map<string, TableState>> {
  const tables = rowsOf<{ name: string; columns: string }>(
    await db.execute(sql`select c.table_name as name, string_agg(c.column_name, ',' order by c.ordinal_position) as columns
      from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' group by c.table_name`),
  );
  const states = new Map<string, TableState>();
  for (const { name, columns } of tables) {
    const old = before?.get(name)?.columns;
    const keptOld = !!old && old !== columns && columns.startsWith(`${old},`);
    const rowText = keptOld
      ? `row(${old
          .split(',')
          .map((c) => `r."${c}"`)
          .join(', ')})::text`
      : 'r::text';
    const [row] = rowsOf<{ count: number; hash: string }>(
      await db.execute(
        sql.raw(`select count(*)::int as count, md5(coalesce(string_agg(${rowText}, E'\\n' order by ${rowText}), '')) as hash
          from "${name}" r`),
      ),
    );
    states.set(name, { count: Number(row!.count), columns: keptOld ? old : columns, hash: row!.hash });
  }
  return states;
}

describe.each(testDbKinds)('upgrading a previous release with data (%s)', (kind) => {
  for (const release of ['0022', '0023'] as const)
    describe(`from ${release}`, () => {
      let database: ScratchDatabase;
      let before: Map<string, TableState>;
      let after: Map<string, TableState>;
      const folders = [copyMigrations({ through: release }), copyMigrations()];
      beforeAll(async () => {
        database = await openScratchDatabase(kind);
        await database.migrate(folders[0]!.folder);
        await fillPreviousRelease(database.db, release);
        before = await tableStates(database.db);
        await database.migrate(folders[1]!.folder);
        after = await tableStates(database.db, before);
      });
      afterAll(async () => {
        await database?.close();
        for (const f of folders) f.remove();
      });

      it('keeps every row of every table; tables the upgrade did not change are identical', async () => {
        const unchanged: string[] = [];
        for (const [table, old] of before) {
          const now = after.get(table);
          expect(now, table).toBeDefined();
          // Prices by band (0032): every old price prices both bands the product starts with.
          expect(now!.count, table).toBe(table === 'ticket_type_prices' ? 2 * old.count : old.count);
          // ticket_type_prices' rows are checked price by price below (both bands).
          if (now!.columns === old.columns && table !== 'ticket_type_prices') {
            expect(now!.hash, table).toBe(old.hash);
            unchanged.push(table);
          }
        }
        expect(unchanged).toEqual(
          expect.arrayContaining([
            'bookings',
            'booking_lines',
            'payments',
            'credit_purchases',
            'credit_ledger',
            'loyalty_ledger',
            'check_ins',
            'audit_log',
            'staff_accounts',
          ]),
        );
        expect(before.get('bookings')!.count).toBe(3);
        expect(before.get('booking_lines')!.count).toBe(4);
      });

      it('the old prices are the first dated prices; the morning-only type sells on weekday mornings', async () => {
        const prices = rowsOf<{ ticket_type_id: string; from_date: unknown; price_pence: number; fee_pence: number }>(
          await database.db.execute(sql`select ticket_type_id, from_date::text as from_date, price_pence, fee_pence
            from ticket_type_prices where band_id = 'peak' order by ticket_type_id, from_date`),
        );
        // Prices by band (0032): every old price prices both bands, so no visit's price changed.
        const offPeak = rowsOf<{ ticket_type_id: string; from_date: unknown; price_pence: number; fee_pence: number }>(
          await database.db.execute(sql`select ticket_type_id, from_date::text as from_date, price_pence, fee_pence
            from ticket_type_prices where band_id = 'off-peak' order by ticket_type_id, from_date`),
        );
        expect(offPeak).toEqual(prices);
        const first = oldTicketTypes.map((t) => ({
          ticket_type_id: t.id,
          from_date: '2000-01-01',
          price_pence: t.price,
          fee_pence: t.fee,
        }));
        const later =
          release === '0023'
            ? oldTicketTypes.map((t) => ({
                ticket_type_id: t.id,
                from_date: '2026-04-01',
                price_pence: t.price + 100,
                fee_pence: t.fee,
              }))
            : [];
        const byKey = (a: { ticket_type_id: string; from_date: unknown }) =>
          `${a.ticket_type_id} ${String(a.from_date)}`;
        expect(
          prices
            .map((p) => ({ ...p, from_date: String(p.from_date) }))
            .sort((a, b) => byKey(a).localeCompare(byKey(b))),
        ).toEqual([...first, ...later].sort((a, b) => byKey(a).localeCompare(byKey(b))));
        const sells = rowsOf<{ id: string; sell_days: string; session_ids: string[] }>(
          await database.db.execute(sql`select id, sell_days, session_ids from ticket_types order by id`),
        );
        expect(sells).toEqual([
          { id: 'adult', sell_days: 'any', session_ids: [] },
          { id: 'baby-toddler', sell_days: 'weekdays', session_ids: ['morning'] },
          { id: 'child-1-12', sell_days: 'any', session_ids: [] },
        ]);
      });

      it('the app started on it (seeding as at start) answers staff with the same bookings, lines and amounts', async () => {
        await seedVenue(database.db);
        const { app } = await buildApp({ db: database.db, config: testConfig(), webRoot: '/nonexistent' });
        await app.ready();
        try {
          const signIn = await app.inject({
            method: 'POST',
            url: '/api/staff/sign-in',
            payload: { username: 'admin', password: ADMIN_PASSWORD },
          });
          expect(signIn.statusCode, signIn.body).toBe(200);
          const cookie = cookieFrom(signIn.headers['set-cookie']);
          const detail = async (id: string) => {
            const res = await app.inject({ method: 'GET', url: `/api/admin/bookings/${id}`, headers: { cookie } });
            expect(res.statusCode, res.body).toBe(200);
            return (res.json() as { booking: BookingManagerDetail }).booking;
          };

          const paid = await detail(ids.paid);
          expect(paid).toMatchObject({ reference: 'PTB-AAA111', status: 'confirmed', places: 2, finalPence: 2650 });
          expect(paid.lines).toEqual(
            expect.arrayContaining([
              { title: 'Child (1-12)', quantity: 2, unitPricePence: 1150, unitFeePence: 50 },
              { title: 'Adult', quantity: 1, unitPricePence: 250, unitFeePence: 0 },
            ]),
          );
          expect(paid.lines).toHaveLength(2);
          expect(paid.payments).toMatchObject([{ status: 'succeeded', amountPence: 2650 }]);
          expect(paid.checkIns).toHaveLength(1);

          const refunded = await detail(ids.refunded);
          expect(refunded).toMatchObject({ status: 'cancelled', finalPence: 1200, refundablePence: 0 });
          expect(refunded.payments).toMatchObject([{ refundStatus: 'succeeded', refundPence: 1200 }]);

          const credits = await detail(ids.withCredits);
          expect(credits).toMatchObject({ creditsUsed: 1, creditSavingsPence: 1200, finalPence: 0 });
          expect(credits.lines).toEqual([
            { title: 'Child (1-12)', quantity: 1, unitPricePence: 1150, unitFeePence: 50 },
          ]);

          const search = await app.inject({ method: 'GET', url: '/api/admin/bookings?q=PTB-CCC', headers: { cookie } });
          expect(search.statusCode, search.body).toBe(200);
          expect(JSON.stringify(search.json())).toContain('PTB-CCC333');

          // Starting the app seeded the new catalogue around the old prices, never over them.
          const [child] = rowsOf<{ price_pence: number }>(
            await database.db.execute(
              sql`select price_pence from ticket_type_prices where ticket_type_id = 'child-1-12' and from_date = '2000-01-01'
                and band_id = 'peak'`,
            ),
          );
          expect(child).toEqual({ price_pence: 1150 });
        } finally {
          await app.close();
        }
      });
    });
});
