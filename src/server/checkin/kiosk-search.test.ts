import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingInput } from '../../shared/contracts/booking';
import type { KioskTicket } from '../../shared/contracts/checkin';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { agreed, bookTicket, kioskPost, ticketCodes } from './testing/kiosk-fixtures';

// Monday 20 October 2025, 08:00 BST: every session of the day can still be booked.
const TODAY = '2025-10-20';
const START = new Date('2025-10-20T07:00:00Z');

/** The desk's search by name: staff only, with what the desk needs to help (DECISIONS.md "Kiosk privacy"). */
describe.each(testDbKinds)('staff name search at the kiosk (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let staff: string;
  let kiosk: string;
  const refs: Record<string, string> = {};
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
    staff = (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie;
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const book = async (key: string, overrides: Partial<CreateBookingInput>, opts?: { pay?: boolean }) => {
      const id = await bookTicket(t.app, overrides, opts);
      refs[key] = (await ticketCodes(t.ctx.db, id)).reference;
      return id;
    };
    await book('morning', {
      customerName: 'Harriet Wren',
      customerEmail: 'harriet.wren@gmail.com',
      customerPhone: '07700 900456',
      selectedDate: TODAY,
      selectedTime: 'morning',
    });
    await book('allDay', {
      customerName: 'Harriet Wren',
      customerEmail: 'hw@example.com',
      selectedDate: TODAY,
      selectedTime: undefined,
      ticketQuantities: { 'child-1-12': 1, 'child-0-1': 1, adult: 2 },
      totalAmount: 950 + 400 + 400,
    });
    await book('tomorrow', { customerName: 'Harriet Wren', selectedDate: '2025-10-21' });
    await book('unpaid', { customerName: 'Harriet Wren', selectedDate: TODAY }, { pay: false });
    await book('underscore', { customerName: 'Kim_Lee', selectedDate: TODAY });
    await book('noUnderscore', { customerName: 'KimXLee', selectedDate: TODAY });
  });
  afterAll(() => t?.close());

  const search = async (customerName: unknown, cookie = staff) =>
    kioskPost(t.app, cookie, '/api/check-in/search-all-tickets', { customerName });
  const found = async (name: string) => {
    const res = await search(name);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; tickets: KioskTicket[]; message: string };
  };
  const refsOf = (tickets: KioskTicket[]) => tickets.map((x) => x.staff?.reference).sort();

  it('is refused to a kiosk device: a name alone would tell a stranger who is here', async () => {
    const res = await search('Harriet', kiosk);
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    expect(
      (await kioskPost(t.app, undefined, '/api/check-in/search-all-tickets', { customerName: 'Harriet' })).statusCode,
    ).toBe(401);
  });

  it("finds only today's paid bookings, case-insensitively, with contact details masked", async () => {
    const { success, tickets } = await found('  harriet WREN ');
    expect(success).toBe(true);
    expect(refsOf(tickets)).toEqual([refs.morning, refs.allDay].sort());
    const morning = tickets.find((x) => x.staff?.reference === refs.morning)!;
    expect(morning).toEqual({
      handle: expect.any(String),
      displayName: 'Harriet W.',
      bookingDate: TODAY,
      timeSlot: '9:30 AM - 11:30 AM',
      numberOfChildren: 2,
      numberOfAdults: 1,
      status: 'confirmed',
      checkedIn: false,
      checkedOut: false,
      canCheckOut: true,
      agreement: { accepted: false, version: 1, text: expect.any(String), childNames: [] },
      staff: {
        customerName: 'Harriet Wren',
        reference: refs.morning,
        customerEmail: 'h•••@g•••.com',
        customerPhone: '•••• ••• 456',
        totalAmount: 2100,
      },
    });
    const allDay = tickets.find((x) => x.staff?.reference === refs.allDay)!;
    expect(allDay).toMatchObject({
      timeSlot: '',
      numberOfChildren: 2,
      numberOfAdults: 2,
      staff: { totalAmount: 1750 },
    });
    // Nothing in the answer carries a full address or number.
    expect(JSON.stringify(tickets)).not.toMatch(/harriet\.wren@|900456|hw@example/);
  });

  it('matches part of a name, and treats % and _ as letters', async () => {
    expect(refsOf((await found('m_L')).tickets)).toEqual([refs.underscore]);
    expect((await found('Kim%')).tickets).toEqual([]);
    expect((await found('%%')).tickets).toEqual([]);
    expect(refsOf((await found('xlee')).tickets)).toEqual([refs.noUnderscore]);
  });

  it('says when nothing matches', async () => {
    const none = await found('Nobody Here');
    expect(none.tickets).toEqual([]);
    expect(none.message).toBe('No unredeemed tickets found with that name.');
  });

  it('includes checked-in tickets and walk-ins, flagged, so the desk can say Ticket Already Used', async () => {
    const [kim] = (await found('Kim_Lee')).tickets;
    expect(
      (await kioskPost(t.app, staff, '/api/check-in/check-in', { handle: kim!.handle, ...agreed })).statusCode,
    ).toBe(200);
    const walkIn = await kioskPost(t.app, kiosk, '/api/check-in/walk-in', {
      customerName: 'Kimberley Walker',
      numberOfChildren: 1,
      numberOfAdults: 1,
      ...agreed,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const { tickets } = await found('kim');
    expect(tickets.find((x) => x.staff?.reference === refs.underscore)).toMatchObject({
      checkedIn: true,
      checkedOut: false,
    });
    expect(tickets.find((x) => x.staff?.reference === refs.noUnderscore)).toMatchObject({ checkedIn: false });
    expect(tickets.find((x) => x.staff?.customerName === 'Kimberley Walker')).toMatchObject({
      displayName: 'Kimberley W.',
      status: 'paid_in_store',
      timeSlot: 'Open Play (Walk-in)',
      checkedIn: true,
      canCheckOut: true,
      staff: { reference: null, customerEmail: '', customerPhone: '', totalAmount: 0 },
    });
  });

  it.each([
    ['one letter', 'a', "Please enter at least 2 characters of the customer's name"],
    ['spaces around one letter', '  a  ', "Please enter at least 2 characters of the customer's name"],
    ['a very long name', 'x'.repeat(81), 'Please enter at most 80 characters'],
    ['a number', 42, undefined],
  ])('refuses %s with a 400', async (_label, name, message) => {
    const res = await search(name);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    if (message) expect(res.json().error.message).toBe(message);
  });
});
