import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingPayload } from '../bookings/testing/booking-fixtures';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { outbox } from '../db/schema';
import { book } from '../testing/dashboard-fixtures';
import { testDbKinds } from '../testing/test-database';
import { familyCookieFor } from './testing/family-fixtures';

const ASK = 'please accept our rules of play for your children';

describe.each(testDbKinds)('the confirmation mail asks for the rules of play until they are accepted (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => new Date('2025-10-20T10:00:00Z') });
  const confirmationTo = async (email: string, bookingId: string) => {
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.dedupeKey, `booking-confirmed:${bookingId}`)));
    return mail!;
  };

  it('links to the family page while not accepted, and not after', async () => {
    const email = 'rules@example.com';
    const first = await book(t.app, bookingPayload({ customerEmail: email }));
    const before = await confirmationTo(email, first.bookingId);
    expect(before.text).toContain(`${ASK}: `);
    expect(before.text).toMatch(/\/my-bookings\/family$/m);
    expect(before.html).toContain('accept our rules of play</a>');
    // Staff see it on the booking too (issue 39), so they can ask at the door.
    const detail = async () =>
      (await t.staff('GET', `/api/admin/bookings/${first.bookingId}`)).json().booking.rulesOfPlayAccepted;
    expect(await detail()).toBe(false);

    const family = requestAs(t.app, await familyCookieFor(t.ctx.db, email, new Date('2025-10-20T10:00:00Z')));
    const profile = await family('PUT', '/api/family/profile', {
      version: 0,
      adults: [],
      children: [{ firstName: 'Ruby', dateOfBirth: '2020-05-05' }],
      birthdayReminders: false,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const accepted = await family('POST', '/api/family/agreements', {
      version: 1,
      fullName: 'Robin Rules',
      accept: true,
      childIds: [profile.json().children[0].id],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const second = await book(t.app, bookingPayload({ customerEmail: email, customerName: 'Robin Rules' }));
    expect((await confirmationTo(email, second.bookingId)).text).not.toContain(ASK);
    expect(await detail()).toBe(true);
  });
});
