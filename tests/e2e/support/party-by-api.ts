import type { PartyAvailabilityResponse, PartyPaymentResponse } from '../../../src/shared/contracts/party-booking';
import { addMonths } from '../../../src/shared/dates';
import { PAYING_CARD } from './book-and-pay';
import { londonDatePlus } from './dates';

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A party on the first slot 20+ days ahead with a room free (any package but Private Hire, its fewest
 * children), held through the public API as /party-booking does and its deposit paid with the TEST MODE card.
 */
export async function bookPartyByApi(
  url: string,
  parent: { name: string; email: string; phone: string },
): Promise<PartyPaymentResponse> {
  const from = londonDatePlus(20);
  for (const month of [from.slice(0, 7), addMonths(`${from.slice(0, 7)}-01`, 1).slice(0, 7)]) {
    const offer = (await (
      await fetch(`${url}/api/parties/availability?month=${month}`)
    ).json()) as PartyAvailabilityResponse;
    for (const day of offer.days) {
      if (day.closed || day.date < from) continue;
      for (const slot of day.slots) {
        const pkg = offer.packages.find((p) => p.id !== 'private-hire' && slot.packages.includes(p.id));
        if (!pkg || slot.roomsFree === 0) continue;
        const created = await postJson(`${url}/api/parties`, {
          date: day.date,
          slotId: slot.slotId,
          packageId: pkg.id,
          children: pkg.minChildren,
          childFirstName: 'Mia',
          childAge: 6,
          foodChoices: pkg.food ? Array.from({ length: pkg.minChildren }, () => offer.foodOptions[0]!.id) : [],
          dietaryNotes: '',
          parentName: parent.name,
          parentEmail: parent.email,
          parentPhone: parent.phone,
          agreeToTerms: true,
        });
        if (created.status !== 201) continue; // taken meanwhile: the next slot
        const party = (await created.json()) as PartyPaymentResponse;
        const paid = await postJson(`${url}/api/test-payments/confirm`, {
          clientSecret: party.clientSecret,
          cardNumber: PAYING_CARD,
          expiry: '12/34',
          cvc: '123',
          name: parent.name,
        });
        const { status } = (await paid.json()) as { status: string };
        if (status !== 'succeeded') throw new Error(`the TEST MODE card did not pay the deposit: ${status}`);
        return party;
      }
    }
  }
  throw new Error('no party slot free in the next two months');
}
