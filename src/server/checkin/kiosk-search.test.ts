import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskTicket } from '../../shared/contracts/checkin';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { agreed, bookTicket, kioskPost } from './testing/kiosk-fixtures';

// Monday 20 October 2025, 08:00 BST: every session of the day can still be booked.
const TODAY = '2025-10-20';
const START = new Date('2025-10-20T07:00:00Z');

describe.each(testDbKinds)('kiosk name search (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let kiosk: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    ids.morning = await bookTicket(t.app, {
      customerName: 'Harriet Wren',
      customerEmail: 'harriet.wren@gmail.com',
      customerPhone: '07700 900456',
      selectedDate: TODAY,
      selectedTime: 'morning',
    });
    ids.allDay = await bookTicket(t.app, {
      customerName: 'Harriet Wren',
      customerEmail: 'hw@example.com',
      selectedDate: TODAY,
      selectedTime: undefined,
      ticketQuantities: { 'child-1-12': 1, 'child-0-1': 1, adult: 2 },
      totalAmount: 950 + 400 + 400,
    });
    ids.tomorrow = await bookTicket(t.app, { customerName: 'Harriet Wren', selectedDate: '2025-10-21' });
    ids.unpaid = await bookTicket(t.app, { customerName: 'Harriet Wren', selectedDate: TODAY }, { pay: false });
    ids.underscore = await bookTicket(t.app, { customerName: 'Kim_Lee', selectedDate: TODAY });
    ids.noUnderscore = await bookTicket(t.app, { customerName: 'KimXLee', selectedDate: TODAY });
  });
  afterAll(() => t?.close());

  const search = async (customerName: unknown) =>
    kioskPost(t.app, kiosk, '/api/check-in/search-all-tickets', { customerName });
  const found = async (name: string) => {
    const res = await search(name);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; tickets: KioskTicket[]; message: string };
  };

  it("finds only today's paid bookings, case-insensitively, with contact details masked", async () => {
    const { success, tickets } = await found('  harriet WREN ');
    expect(success).toBe(true);
    expect(tickets.map((x) => x.id).sort()).toEqual([ids.morning, ids.allDay].sort());
    const morning = tickets.find((x) => x.id === ids.morning)!;
    expect(morning).toEqual({
      id: ids.morning,
      customerName: 'Harriet Wren',
      customerEmail: 'h•••@g•••.com',
      customerPhone: '•••• ••• 456',
      bookingDate: TODAY,
      timeSlot: '9:30 AM - 11:30 AM',
      numberOfChildren: 2,
      numberOfAdults: 1,
      totalAmount: 2100,
      status: 'confirmed',
      checkedIn: false,
      checkedOut: false,
    });
    const allDay = tickets.find((x) => x.id === ids.allDay)!;
    expect(allDay).toMatchObject({ timeSlot: '', numberOfChildren: 2, numberOfAdults: 2, totalAmount: 1750 });
    // Nothing in the answer carries a full address or number.
    expect(JSON.stringify(tickets)).not.toMatch(/harriet\.wren@|900456|hw@example/);
  });

  it('matches part of a name, and treats % and _ as letters', async () => {
    expect((await found('m_L')).tickets.map((x) => x.id)).toEqual([ids.underscore]);
    expect((await found('Kim%')).tickets).toEqual([]);
    expect((await found('%%')).tickets).toEqual([]);
    expect((await found('xlee')).tickets.map((x) => x.id)).toEqual([ids.noUnderscore]);
  });

  it('says when nothing matches', async () => {
    const none = await found('Nobody Here');
    expect(none.tickets).toEqual([]);
    expect(none.message).toBe('No unredeemed tickets found with that name.');
  });

  it('includes checked-in tickets and walk-ins, flagged, so the kiosk can say Ticket Already Used', async () => {
    expect(
      (await kioskPost(t.app, kiosk, '/api/check-in/check-in', { ticketId: ids.underscore, ...agreed })).statusCode,
    ).toBe(200);
    const walkIn = await kioskPost(t.app, kiosk, '/api/check-in/walk-in', {
      customerName: 'Kimberley Walker',
      numberOfChildren: 1,
      numberOfAdults: 1,
      ...agreed,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const { tickets } = await found('kim');
    expect(tickets.find((x) => x.id === ids.underscore)).toMatchObject({ checkedIn: true, checkedOut: false });
    expect(tickets.find((x) => x.id === ids.noUnderscore)).toMatchObject({ checkedIn: false });
    expect(tickets.find((x) => x.customerName === 'Kimberley Walker')).toMatchObject({
      id: walkIn.json().ticket.id,
      status: 'paid_in_store',
      timeSlot: 'Open Play (Walk-in)',
      customerEmail: '',
      customerPhone: '',
      checkedIn: true,
      totalAmount: 0,
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
