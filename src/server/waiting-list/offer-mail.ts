import type { VenueView } from '../../shared/catalogue';
import { longDate } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import { VENUE_TIME_ZONE } from '../../shared/venue';
import type { Mail } from '../mail/enqueue-mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** "14:30", or "14:30 on Friday 12 December 2025" when the offer ends on another day than `now`'s. */
export function offerEndText(expiresAt: Date, now: Date): string {
  const day = todayInLondon(expiresAt);
  const time = clock.format(expiresAt);
  return day === todayInLondon(now) ? time : `${time} on ${longDate(day)}`;
}

/** The checkout link of an offer: the booking page with the date and session chosen and the places held. */
export function offerLink(publicUrl: string, o: { date: string; sessionId: string | null; token: string }): string {
  const q = new URLSearchParams({ date: o.date, ...(o.sessionId ? { session: o.sessionId } : {}), offer: o.token });
  return `${publicUrl}/booking?${q.toString()}`;
}

const placesText = (n: number) => (n === 1 ? '1 place' : `${n} places`);

/** To the family offered places, in the transaction that takes them. */
export function waitingListOfferMail(o: {
  entryId: string;
  to: string;
  date: string;
  sessionLabel: string;
  places: number;
  link: string;
  expiresAt: Date;
  now: Date;
  venue: Pick<VenueView, 'name' | 'phone'>;
}): Mail {
  const until = offerEndText(o.expiresAt, o.now);
  const when = `${o.sessionLabel} on ${longDate(o.date)}`;
  const lines = [
    'Hello,',
    '',
    `Good news: ${placesText(o.places)} came up for ${when}, and you are next on the waiting list.`,
    `We are holding ${o.places === 1 ? 'it' : 'them'} for you until ${until}.`,
    '',
    'Book now:',
    o.link,
    '',
    'If you do not book by then, we will offer the places to the next family waiting.',
    '',
    o.venue.name,
    o.venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">A place has come up for you</h1>
<p>Good news: ${esc(placesText(o.places))} came up for <strong>${esc(when)}</strong>, and you are next on the waiting list.</p>
<p>We are holding ${o.places === 1 ? 'it' : 'them'} for you until <strong>${esc(until)}</strong>.</p>
<p><a href="${esc(o.link)}">Book now</a></p>
<p>If you do not book by then, we will offer the places to the next family waiting.</p>
<p>${esc(o.venue.name)}<br>${esc(o.venue.phone)}</p></div>`;
  return {
    template: 'waiting-list-offer',
    to: o.to,
    subject: `A place has come up for you - ${o.venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: `waiting-list-offer:${o.entryId}:${o.expiresAt.toISOString()}`,
    secrets: [o.link],
  };
}

/**
 * To the family whose offer ran out unused, in the transaction that ends it (offer-pass.ts). The entry is
 * then 'expired' for good: the family is off the list for that session (it may join again while the session
 * is full), and the same pass offers the places to the next family they fit, or leaves them on sale.
 */
export function waitingListOfferEndedMail(o: {
  entryId: string;
  to: string;
  date: string;
  sessionLabel: string;
  places: number;
  sessionId: string | null;
  /** When the visit starts (offer-expiry.ts latestStart); null for a session the catalogue no longer has. */
  visitStart: Date | null;
  publicUrl: string;
  expiresAt: Date;
  now: Date;
  venue: Pick<VenueView, 'name' | 'phone'>;
}): Mail {
  const until = offerEndText(o.expiresAt, o.now);
  const when = `${o.sessionLabel} on ${longDate(o.date)}`;
  const them = o.places === 1 ? 'it' : 'them';
  const held = `We were holding ${placesText(o.places)} for you (${when}) until ${until}, but ${them} ${o.places === 1 ? 'was' : 'were'} not booked in time.`;
  // An offer ends at the visit's start at the latest: then nobody else is offered the places and that
  // session can no longer be booked, so the mail says so and points to the booking page for another day.
  const started = o.visitStart !== null && o.expiresAt.getTime() >= o.visitStart.getTime();
  const passed = started
    ? `The session has now started, so we could not hold ${them} any longer, and you are no longer on the waiting list for it.`
    : `We have passed ${them} on to the next family on the waiting list (or put ${them} back on sale if nobody else is waiting), and you are no longer on the waiting list for that session.`;
  const again = started
    ? 'If you would like to visit another day, you can see what is free and book here:'
    : 'If you would still like to visit, you can see what is free and book here:';
  // The booking page for the date, where the family may still find a time that suits; once it has started,
  // the booking page alone.
  const link = started ? `${o.publicUrl}/booking` : bookingLink(o.publicUrl, o);
  const lines = [
    'Hello,',
    '',
    held,
    passed,
    '',
    again,
    link,
    '',
    'We are sorry it did not work out this time, and hope to see you soon.',
    '',
    o.venue.name,
    o.venue.phone,
  ];
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Your waiting list offer has ended</h1>
<p>${esc(held)}</p>
<p>${esc(passed)}</p>
<p>${esc(again)} <a href="${esc(link)}">Book a visit</a></p>
<p>We are sorry it did not work out this time, and hope to see you soon.</p>
<p>${esc(o.venue.name)}<br>${esc(o.venue.phone)}</p></div>`;
  return {
    template: 'waiting-list-offer-ended',
    to: o.to,
    subject: `Your waiting list offer has ended - ${o.venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: `waiting-list-offer-ended:${o.entryId}:${o.expiresAt.toISOString()}`,
  };
}

/** The booking page with the date chosen (and the session, when the entry had one): no offer in it. */
export function bookingLink(publicUrl: string, o: { date: string; sessionId: string | null }): string {
  const q = new URLSearchParams({ date: o.date, ...(o.sessionId ? { session: o.sessionId } : {}) });
  return `${publicUrl}/booking?${q.toString()}`;
}
