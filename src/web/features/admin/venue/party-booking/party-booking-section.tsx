import type { PartyBookingDocument } from '../../../../../shared/catalogue';
import { EditorCard, SectionHeading, type SectionProps } from '../section-parts';
import type { Stale } from '../stale-alert';
import { AheadForm } from './ahead-form';
import { DepositForm } from './deposit-form';
import { PartyFoodForm } from './food-form';
import { RoomsForm } from './rooms-form';
import { PriceChangesForm } from './price-changes-form';
import { PartySlotsForm } from './slots-form';

/**
 * How parties are sold online (the party_booking document, issue 28) in four parts, each saved on its own
 * and keyed by its own values, as the visit rules section: a form starts again when its part changes, and
 * keeps what is typed when another part is saved.
 */
export function PartyBookingSection({ catalogue }: SectionProps) {
  const { value: doc, version } = catalogue.partyBooking;
  const parties = catalogue.parties.value;
  const packages = parties.packages.map((p) => ({ id: p.id, label: p.name }));
  // A card's stale alert shows its own part of the document as it is now, not the whole of it.
  const props = (s: Stale, part: (keyof PartyBookingDocument)[]) => ({
    version,
    onStale: (current: unknown) => s.onStale(partOf(current, part)),
    onSaved: s.clear,
  });
  const money = {
    depositPence: doc.depositPence,
    holdMinutes: doc.holdMinutes,
    privateHireMinChildren: doc.privateHireMinChildren,
  };
  const slots = { slots: doc.slots, packageSlots: doc.packageSlots };
  const food = { foodOptions: doc.foodOptions, foodPackages: doc.foodPackages };
  const ahead = {
    horizonMonths: doc.horizonMonths,
    packageMinutes: doc.packageMinutes,
    clearMinutes: doc.clearMinutes,
  };
  const allPackages = [...packages, { id: 'private-hire', label: 'Private Hire' }];
  return (
    <div>
      <SectionHeading title="Party booking">
        What families book on the party booking page: how far ahead, the deposit, the rooms, the times each package can
        be booked (only slots at least as long as the package runs), the party food and price changes. Parties already
        booked keep what they were sold.
      </SectionHeading>
      <div className="grid gap-4 xl:grid-cols-2">
        <EditorCard id="party-booking-ahead" title="Booking ahead and party lengths">
          {(s) => (
            <AheadForm
              key={JSON.stringify(ahead)}
              value={ahead}
              packages={packages}
              {...props(s, ['horizonMonths', 'packageMinutes', 'clearMinutes'])}
            />
          )}
        </EditorCard>
        <EditorCard id="party-booking-deposit" title="Deposit and hold">
          {(s) => (
            <DepositForm
              key={JSON.stringify(money)}
              value={money}
              privateHireMax={parties.privateHire.maxChildren}
              {...props(s, ['depositPence', 'holdMinutes', 'privateHireMinChildren'])}
            />
          )}
        </EditorCard>
        <EditorCard id="party-booking-rooms" title="Party rooms">
          {(s) => <RoomsForm key={JSON.stringify(doc.rooms)} value={doc.rooms} {...props(s, ['rooms'])} />}
        </EditorCard>
        <EditorCard id="party-booking-slots" title="Slots and packages">
          {(s) => (
            <PartySlotsForm
              key={JSON.stringify(slots)}
              doc={slots}
              packages={allPackages}
              packageMinutes={doc.packageMinutes}
              {...props(s, ['slots', 'packageSlots'])}
            />
          )}
        </EditorCard>
        <EditorCard id="party-booking-food" title="Party food">
          {(s) => (
            <PartyFoodForm
              key={JSON.stringify(food)}
              doc={food}
              packages={packages}
              {...props(s, ['foodOptions', 'foodPackages'])}
            />
          )}
        </EditorCard>
        <EditorCard id="party-booking-prices" title="Party price changes">
          {(s) => (
            <PriceChangesForm
              key={JSON.stringify(doc.priceChanges)}
              value={doc.priceChanges}
              packages={allPackages}
              {...props(s, ['priceChanges'])}
            />
          )}
        </EditorCard>
      </div>
    </div>
  );
}

/** The 409's `current` ({ value, version }) cut to the fields a card edits. */
function partOf(current: unknown, part: (keyof PartyBookingDocument)[]): unknown {
  const value = (current as { value?: Record<string, unknown> } | null)?.value;
  return value ? Object.fromEntries(part.map((k) => [k, value[k]])) : current;
}
