import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { AvailabilityRangeResponse, TicketTypeDto } from '../../shared/contracts/booking';
import type { DayTypesResponse } from '../../shared/contracts/day-types';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { bookingLines } from '../db/schema';
import { book } from '../testing/dashboard-fixtures';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { multipartBody, useAdminApp } from './testing/admin-fixtures';

// Tuesday 20 October 2026, 09:00 in London: visits are sold to about 20 November.
const NOW = new Date('2026-10-20T08:00:00Z');
const TERM_TUESDAY = '2026-11-03';
const SATURDAY = '2026-10-24';
const HALF_TERM_WEDNESDAY = '2026-10-28';
const BOXING_DAY_SUBSTITUTE = '2026-12-28';
const LATER_SATURDAY = '2026-11-07';
const termDates = readFileSync(new URL('../../../tests/fixtures/somerset-term-dates-2026-27.ics', import.meta.url));

// Two children and an adult (£2.00 in every band).
const order = (date: string, childPence: number, email: string) =>
  bookingPayload({ selectedDate: date, customerEmail: email, totalAmount: 2 * childPence + 200 });

describe.each(testDbKinds)('prices by day and season (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const childPriceOn = async (date: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ticket-types?date=${date}` });
    const body = res.json() as { band: { id: string }; ticketTypes: TicketTypeDto[] };
    return [body.band.id, body.ticketTypes.find((x) => x.id === 'child-1-12')!.price];
  };
  const dayTypes = async (from: string, to = from) =>
    ((await t.anon('GET', `/api/calendar/day-types?from=${from}&to=${to}`)).json() as DayTypesResponse).days;
  const uploadIcs = (bytes: Buffer, version: number, cookie = t.cookies.admin) => {
    const body = multipartBody(
      { version: String(version) },
      { field: 'file', filename: 'term-dates.ics', contentType: 'text/calendar', bytes },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/holidays',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const nothingWritten = async (fn: () => Promise<void>) => {
    const counts = await rowCounter(t.ctx.db);
    const before = [await counts(), await t.catalogue()];
    await fn();
    expect([await counts(), await t.catalogue()]).toEqual(before);
  };
  const childVersion = async () => (await t.catalogue()).ticketTypes.find((x) => x.id === 'child-1-12')!.version;

  it('starts with two bands: term-time weekdays off-peak, weekends and bank holidays peak', async () => {
    expect(await dayTypes(TERM_TUESDAY)).toEqual([
      { date: TERM_TUESDAY, bandId: 'off-peak', bandName: 'Off-peak', reason: 'Term-time weekday' },
    ]);
    expect((await dayTypes(SATURDAY))[0]).toMatchObject({ bandId: 'peak', reason: 'Weekend' });
    expect((await dayTypes(BOXING_DAY_SUBSTITUTE))[0]).toMatchObject({
      bandId: 'peak',
      reason: 'Bank holiday: Boxing Day',
    });
    // Before any school holiday is entered, half term is a plain weekday.
    expect((await dayTypes(HALF_TERM_WEDNESDAY))[0]).toMatchObject({ bandId: 'off-peak' });
  });

  it('prices each date by its band once the off-peak price is set', async () => {
    const res = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      bandId: 'off-peak',
      fromDate: '2026-10-20',
      pricePence: 800,
      version: await childVersion(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await childPriceOn(TERM_TUESDAY)).toEqual(['off-peak', 800]);
    expect(await childPriceOn(SATURDAY)).toEqual(['peak', 950]);
    expect(await childPriceOn(BOXING_DAY_SUBSTITUTE)).toEqual(['peak', 950]);
    expect(await childPriceOn(HALF_TERM_WEDNESDAY)).toEqual(['off-peak', 800]);

    // The server prices the order by the visit date's band: the Saturday's price is refused on a Tuesday.
    const wrong = await postJson(t.app, '/api/create-booking-payment', order(TERM_TUESDAY, 950, 'wrong@example.com'));
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'total_mismatch']);
    const tuesday = await book(t.app, order(TERM_TUESDAY, 800, 'tuesday@example.com'));
    expect(tuesday.finalAmount).toBe(2 * 800 + 200);
    const saturday = await book(t.app, order(SATURDAY, 950, 'saturday@example.com'));
    expect(saturday.finalAmount).toBe(2 * 950 + 200);
  });

  it('imports the council term dates (.ics): half term turns peak, terms are skipped', async () => {
    const res = await uploadIcs(termDates, (await t.catalogue()).holidays.version);
    expect(res.statusCode, res.body).toBe(200);
    const { holidays } = res.json() as AdminCatalogue;
    expect(holidays.version).toBe(1);
    expect(holidays.value.schoolHolidays).toEqual([
      { from: '2026-09-02', to: '2026-09-02', name: 'INSET day (most schools)' },
      // DTEND 2026-10-31 is exclusive: the holiday's last day is Friday the 30th.
      { from: '2026-10-26', to: '2026-10-30', name: 'October half term' },
      { from: '2026-12-21', to: '2027-01-01', name: 'Christmas holiday' },
      { from: '2027-02-15', to: '2027-02-19', name: 'February half term' },
      // Easter Monday, inside the Easter holiday, is merged into it.
      { from: '2027-03-29', to: '2027-04-09', name: 'Easter holiday' },
      { from: '2027-05-31', to: '2027-06-04', name: 'May half term' },
      { from: '2027-07-23', to: '2027-08-31', name: 'Summer holiday' },
    ]);
    expect((await dayTypes(HALF_TERM_WEDNESDAY))[0]).toMatchObject({
      bandId: 'peak',
      reason: 'School holiday: October half term',
    });
    expect((await dayTypes('2026-10-31'))[0]).toMatchObject({ reason: 'Weekend' });
    expect((await dayTypes('2026-11-02'))[0]).toMatchObject({ bandId: 'off-peak' });
    expect(await childPriceOn(HALF_TERM_WEDNESDAY)).toEqual(['peak', 950]);
    const halfTerm = await book(t.app, order(HALF_TERM_WEDNESDAY, 950, 'halfterm@example.com'));
    expect(halfTerm.finalAmount).toBe(2 * 950 + 200);
    // The month's availability carries each day's band and the legend, in its one call.
    const month = (
      await t.anon('GET', '/api/calendar/availability?from=2026-10-26&to=2026-11-03')
    ).json() as AvailabilityRangeResponse;
    expect(month.dates.map((d) => d.bandId)).toEqual([...Array(7).fill('peak'), 'off-peak', 'off-peak']);
    expect(month.bands).toEqual([
      { id: 'off-peak', name: 'Off-peak', fromPence: 400 },
      { id: 'peak', name: 'Peak', fromPence: 400 },
    ]);
    expect((await auditRows(t.ctx.db, 'holidays')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.school_holidays_set',
      details: { before: { schoolHolidays: [] } },
    });
  });

  it('changes a band price from a date; a booking keeps the price it was sold at', async () => {
    const sold = await book(t.app, order(LATER_SATURDAY, 950, 'sold@example.com'));
    const res = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      bandId: 'peak',
      fromDate: '2026-11-01',
      pricePence: 1000,
      version: await childVersion(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await childPriceOn(SATURDAY)).toEqual(['peak', 950]);
    expect(await childPriceOn(LATER_SATURDAY)).toEqual(['peak', 1000]);
    expect(await childPriceOn(TERM_TUESDAY)).toEqual(['off-peak', 800]);
    const lines = await t.ctx.db.select().from(bookingLines).where(eq(bookingLines.bookingId, sold.bookingId));
    expect(lines.find((l) => l.ticketTypeId === 'child-1-12')!.unitPricePence).toBe(950);
  });

  it('adds a band with its prices, overrides a single date into it, renames a band; audited; 409 when stale', async () => {
    const { dayTypes: before, ticketTypes } = await t.catalogue();
    const prices = Object.fromEntries(ticketTypes.filter((x) => x.active).map((x) => [x.id, { pricePence: 1200 }]));
    const edit = {
      version: before.version,
      bands: [
        { id: 'off-peak', name: 'Quiet days' },
        { id: 'peak', name: 'Peak' },
        { id: 'christmas', name: 'Christmas', prices },
      ],
      rules: before.value.rules,
      overrides: [{ date: TERM_TUESDAY, bandId: 'christmas' }],
    };
    const res = await t.admin('PATCH', '/api/admin/catalogue/day-types', edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(await childPriceOn(TERM_TUESDAY)).toEqual(['christmas', 1200]);
    expect((await dayTypes(TERM_TUESDAY))[0]).toMatchObject({ bandName: 'Christmas', reason: 'Set for this date' });
    expect((await dayTypes('2026-11-04'))[0]).toMatchObject({ bandName: 'Quiet days' });
    expect((await auditRows(t.ctx.db, 'day_types')).at(-1)).toMatchObject({
      action: 'catalogue.day_types_edited',
      details: { before: { bands: [{ name: 'Off-peak' }, { name: 'Peak' }] }, after: { overrides: edit.overrides } },
    });
    const stale = await t.admin('PATCH', '/api/admin/catalogue/day-types', edit);
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'stale_version']);
  });

  it('refuses hostile input with a 4xx and writes nothing', async () => {
    const { dayTypes: dt, holidays, ticketTypes } = await t.catalogue();
    const bands = dt.value.bands.map(({ id, name }) => ({ id, name }));
    await nothingWritten(async () => {
      // A band with no prices.
      const noPrices = await t.admin('PATCH', '/api/admin/catalogue/day-types', {
        version: dt.version,
        bands: [...bands, { id: 'summer', name: 'Summer' }],
        rules: dt.value.rules,
        overrides: [],
      });
      expect(noPrices.statusCode, noPrices.body).toBe(400);
      expect(noPrices.json().error.message).toContain('needs a price for every ticket type');
      // A rule or an override naming no band; a date not on the calendar.
      const noBand = await t.admin('PATCH', '/api/admin/catalogue/day-types', {
        version: dt.version,
        bands,
        rules: { ...dt.value.rules, weekends: 'nope' },
        overrides: [{ date: '2026-02-30', bandId: 'peak' }],
      });
      expect(noBand.statusCode).toBe(400);
      expect(Object.keys(noBand.json().error.fields)).toEqual(
        expect.arrayContaining(['rules.weekends', 'overrides.0.date']),
      );
      // Overlapping holiday periods.
      const overlap = await t.admin('POST', '/api/admin/catalogue/holidays', {
        version: holidays.version,
        periods: [
          { from: '2026-10-26', to: '2026-10-30', name: 'Half term' },
          { from: '2026-10-29', to: '2026-11-02', name: 'Again' },
        ],
      });
      expect(overlap.statusCode).toBe(400);
      expect(overlap.json().error.fields['periods.1.from'][0]).toContain('Overlaps Half term');
      // A price below £0 or above £1,000.
      for (const pricePence of [-1, 100_001]) {
        const price = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
          bandId: 'peak',
          fromDate: '2026-12-01',
          pricePence,
          version: ticketTypes.find((x) => x.id === 'child-1-12')!.version,
        });
        expect(price.statusCode).toBe(400);
      }
      // A broken .ics names its line; a file that is not iCalendar; 5 MB.
      const broken = await uploadIcs(
        Buffer.from(termDates.toString('utf8').replace('SUMMARY:October half term', 'SUMMARY October half term')),
        holidays.version,
      );
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toMatch(/line 28:/);
      const notIcs = await uploadIcs(Buffer.from('Term dates,2026-10-26,2026-10-30\n'), holidays.version);
      expect([notIcs.statusCode, notIcs.json().error.message]).toEqual([
        400,
        expect.stringContaining('line 1: an iCalendar file starts with BEGIN:VCALENDAR'),
      ]);
      const huge = await uploadIcs(Buffer.alloc(5 * 1024 * 1024, 'A'), holidays.version);
      expect(huge.statusCode).toBe(413);
      // Staff who are not admins, and strangers.
      expect((await uploadIcs(termDates, holidays.version, t.cookies.staff)).statusCode).toBe(403);
      expect((await t.anon('PATCH', '/api/admin/catalogue/day-types', { version: dt.version })).statusCode).toBe(401);
    });
    expect((await t.anon('GET', '/api/calendar/day-types?from=2026-10-01&to=2028-01-01')).statusCode).toBe(400);
    expect((await t.anon('GET', '/api/calendar/day-types?from=2026-10-02&to=2026-10-01')).statusCode).toBe(400);
  });

  it('takes a newer gov.uk bank holidays file', async () => {
    const { holidays } = await t.catalogue();
    const res = await t.admin('POST', '/api/admin/catalogue/bank-holidays', {
      version: holidays.version,
      file: {
        'england-and-wales': {
          division: 'england-and-wales',
          events: [{ title: 'Extra bank holiday', date: '2026-11-05', notes: '', bunting: true }],
        },
        scotland: { division: 'scotland', events: [] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await dayTypes('2026-11-05'))[0]).toMatchObject({
      bandId: 'peak',
      reason: 'Bank holiday: Extra bank holiday',
    });
    // The shipped list is replaced: Boxing Day's substitute is now a day of the Christmas school holiday.
    expect((await dayTypes(BOXING_DAY_SUBSTITUTE))[0]).toMatchObject({ reason: 'School holiday: Christmas holiday' });
  });
  it('puts a timed event of an uploaded .ics on its London date: 23:00 UTC on 19 October is 00:00 BST on the 20th', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Council//Term dates//EN',
      'BEGIN:VEVENT',
      'UID:inset-2026-10-20@example.gov.uk',
      'SUMMARY:INSET day',
      'DTSTART:20261019T230000Z',
      'DTEND:20261020T230000Z',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await uploadIcs(Buffer.from(ics), (await t.catalogue()).holidays.version);
    expect(res.statusCode, res.body).toBe(200);
    // Its end, 00:00 BST on the 21st, is the start of the next London day: the holiday is the 20th alone.
    expect((res.json() as AdminCatalogue).holidays.value.schoolHolidays).toEqual([
      { from: '2026-10-20', to: '2026-10-20', name: 'INSET day' },
    ]);
    expect((await dayTypes('2026-10-19'))[0]).toMatchObject({ bandId: 'off-peak' });
    expect((await dayTypes('2026-10-20'))[0]).toMatchObject({ bandId: 'peak', reason: 'School holiday: INSET day' });
  });
});
