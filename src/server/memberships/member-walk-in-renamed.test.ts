import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MemberOfferResponse } from '../../shared/contracts/member-walk-in';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { bumpCatalogueVersion } from '../catalogue/bump-version';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { agreed, kioskPost } from '../checkin/testing/kiosk-fixtures';
import { rowsOf } from '../db/client';
import { ticketTypePrices, ticketTypes } from '../db/schema';
import { getAppSecret } from '../security/app-secret';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { memberCardToken } from './member-card';
import { familyWithChildren, payByTestCard } from './testing/membership-fixtures';

// Tuesday 7 July 2026, 08:00 in London: an off-peak day; the 9:30 session is the next one.
const TUESDAY = new Date('2026-07-07T07:00:00Z');

/**
 * DECISIONS.md "Memberships keep their money straight": which tickets are a child's (of which ages) and a grown-up's
 * is the catalogue's. A venue that replaced the seeded child and adult tickets with its own keeps member walk-ins.
 */
describe.each(testDbKinds)('a member walks in after the venue renamed its tickets (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => TUESDAY });

  it("books the children on the catalogue's own child ticket and the free grown-ups on its grown-up ticket", async () => {
    const db = t.ctx.db;
    // The venue's own tickets: "Kids (1-12)" and "Grown-ups", in place of the seeded child-1-12 and adult.
    await db.transaction(async (tx) => {
      await tx
        .update(ticketTypes)
        .set({ active: false, ageFrom: null, ageTo: null, paidByCredit: false })
        .where(inArray(ticketTypes.id, ['child-1-12', 'adult']));
      await tx.insert(ticketTypes).values([
        {
          id: 'kids',
          title: 'Kids',
          description: '',
          ageRange: '1-12',
          colour: 'sky',
          isChild: true,
          ageFrom: 1,
          ageTo: 12,
          paidByCredit: true,
          sort: 5,
        },
        {
          id: 'grown-ups',
          title: 'Grown-ups',
          description: '',
          ageRange: '18+',
          colour: 'amber',
          isChild: false,
          sort: 6,
        },
      ]);
      for (const bandId of ['off-peak', 'peak'])
        await tx.insert(ticketTypePrices).values([
          { ticketTypeId: 'kids', bandId, fromDate: '2026-01-01', pricePence: 1000 },
          { ticketTypeId: 'grown-ups', bandId, fromDate: '2026-01-01', pricePence: 250 },
        ]);
      await bumpCatalogueVersion(tx);
    });

    const { family, childIds } = await familyWithChildren(
      t.app,
      db,
      'renamed@example.com',
      ['Maisie', 'Alfie'],
      TUESDAY,
    );
    const joined = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
    expect(joined.statusCode, joined.body).toBe(201);
    const { membershipId, clientSecret } = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, clientSecret)).json()).toEqual({ status: 'succeeded' });

    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const card = memberCardToken(await getAppSecret(db), membershipId);
    const offer = await kioskPost(t.app, kiosk, '/api/check-in/member-offer', { card });
    expect(offer.statusCode, offer.body).toBe(200);
    expect((offer.json() as MemberOfferResponse).offer).toMatchObject({
      children: [{ firstName: 'Alfie' }, { firstName: 'Maisie' }],
      freeAdults: 2,
    });
    const res = await kioskPost(t.app, kiosk, '/api/check-in/member-walk-in', {
      card,
      requestId: randomUUID(),
      adults: 2,
      ...agreed,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [booking] = rowsOf<{ id: string; final_pence: number; membership_cover_pence: number; status: string }>(
      await db.execute(sql`select id::text, final_pence, membership_cover_pence, status from bookings
        where lower(customer_email) = 'renamed@example.com'`),
    );
    expect(booking).toMatchObject({ status: 'confirmed', final_pence: 0, membership_cover_pence: 2 * 1000 + 2 * 250 });
    const lines = rowsOf<{ ticket_type_id: string; quantity: number }>(
      await db.execute(sql`select ticket_type_id, quantity from booking_lines where booking_id = ${booking!.id}::uuid
        order by ticket_type_id`),
    );
    expect(lines).toEqual([
      { ticket_type_id: 'grown-ups', quantity: 2 },
      { ticket_type_id: 'kids', quantity: 2 },
    ]);
    expect((await db.select().from(ticketTypes).where(eq(ticketTypes.id, 'kids')))[0]!.active).toBe(true);
  });
});
