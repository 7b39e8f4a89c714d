import { PartyPopper, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { visitLengthHours } from '../../../../shared/venue';
import { firstName } from '../lib/recommendations';
import { KioskCard, partySize } from './kiosk-ui';
import { RecommendationsPanel } from './recommendations-panel';

/**
 * After check-in: a clear "you're in", then "More Fun Today!" with the recommendations. A check-in queued
 * offline (`queued`) names no one (the day's list has no names) and has no recommendations to load.
 */
export function CheckedInPanel({
  ticket,
  focus,
  queued = false,
  byCard = false,
}: {
  ticket: KioskTicket;
  focus: boolean;
  queued?: boolean;
  /** Checked in with a member card and no ticket (a member's walk-in): the card checks them out too. */
  byCard?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="space-y-6">
      <section className="rounded-3xl bg-brand-700 p-6 text-white shadow-sm sm:p-8" aria-labelledby="checked-in-title">
        <h2
          id="checked-in-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-3 text-3xl font-bold focus:outline-none"
        >
          <PartyPopper aria-hidden className="h-9 w-9 shrink-0" />
          {queued ? "You're checked in!" : `You're checked in, ${firstName(ticket.displayName)}!`}
        </h2>
        {queued ? (
          <p className="mt-2 text-xl">
            {ticket.timeSlot || 'All Day'}, {partySize(ticket.numberOfChildren, ticket.numberOfAdults)}. Saved on this
            kiosk: it will be sent when the connection is back.
          </p>
        ) : null}
        <p className="mt-2 text-xl">Your play session lasts {visitLengthHours} hours. Have fun!</p>
        {/* Only the family's own ticket checks it out here (DECISIONS.md "Kiosk privacy"); a walk-in has none. */}
        <p className="mt-1 text-lg">
          {ticket.status === 'paid_in_store'
            ? 'When you leave, please let reception know.'
            : `When you leave, scan your ${byCard ? 'member card' : 'ticket'} here again to check out.`}
        </p>
      </section>
      {queued ? null : (
        <KioskCard title="More Fun Today!" icon={<Sparkles aria-hidden className="h-7 w-7 text-brand-700" />}>
          <RecommendationsPanel ticket={ticket} />
        </KioskCard>
      )}
    </div>
  );
}
