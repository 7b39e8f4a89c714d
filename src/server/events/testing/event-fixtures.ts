import type { EventDetail, EventInput } from '../../../shared/contracts/events';
import type { Req } from '../../catalogue/testing/admin-fixtures';

/** Santa's grotto: two 10-minute slots of `places`, on sale at `onSaleAt`, £12 a child and £2 a grown-up. */
export function grotto(onSaleAt: Date, overrides: Partial<EventInput> = {}): EventInput {
  return {
    name: "Santa's grotto",
    description: 'A visit to Santa, a present per child chosen by age.',
    photoUrl: null,
    slots: [
      { startsAt: '2026-12-12T10:00:00Z', lengthMinutes: 10, places: 6 },
      { startsAt: '2026-12-12T10:10:00Z', lengthMinutes: 10, places: 6 },
    ],
    childPricePence: 1200,
    adultPricePence: 200,
    onSaleAt: onSaleAt.toISOString(),
    familyCap: 4,
    usesQueue: true,
    admitPerMinute: 60,
    ...overrides,
  };
}

/** Creates the event as the admin; throws with the answer when refused. */
export async function createEventAs(admin: Req, input: EventInput): Promise<EventDetail> {
  const res = await admin('POST', '/api/admin/catalogue/events', input);
  if (res.statusCode !== 201) throw new Error(`create event: ${res.statusCode} ${res.body}`);
  return res.json() as EventDetail;
}
