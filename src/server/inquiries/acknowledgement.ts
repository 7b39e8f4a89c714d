import type { VenueView } from '../../shared/catalogue';
import { countHit } from '../abuse/rate-limit';
import type { Db } from '../db/client';

/** Acknowledgements (contact and party) one address receives a day; further enquiries are stored silently. */
export const MAX_ACKNOWLEDGEMENTS_PER_DAY = 3;
const DAY_MS = 86_400_000;

/**
 * The receipt for an enquiry. The address was typed by whoever sent the form, not proven (DECISIONS.md
 * "Families' data"), so the mail repeats none of the sender's text: no name, message, child's name or
 * requests, only that we have it and how to reach the venue (the catalogue's contacts as they are now).
 * Staff get the full text in their notice.
 */
export function acknowledgementText(
  venue: Pick<VenueView, 'name' | 'phone' | 'email' | 'fullAddress'>,
  extraContact?: string,
): string {
  return [
    'Hello,',
    '',
    'We received your message and will reply within 24 hours.',
    '',
    `${venue.name}`,
    `Phone: ${venue.phone}`,
    ...(extraContact ? [extraContact] : []),
    `E-mail: ${venue.email}`,
    venue.fullAddress,
  ].join('\n');
}

/**
 * Counts one acknowledgement to `email` for today (UTC day) and says whether it may be sent: at most
 * MAX_ACKNOWLEDGEMENTS_PER_DAY, so the form cannot be used to fill a stranger's inbox. One upsert on the
 * shared counter table, atomic across processes; inside the enquiry's transaction, so a rollback uncounts it.
 */
export async function mayAcknowledge(tx: Db, email: string, now: Date): Promise<boolean> {
  const { count } = await countHit(tx, `inquiry-ack:${email.trim().toLowerCase()}`, now, DAY_MS);
  return count <= MAX_ACKNOWLEDGEMENTS_PER_DAY;
}
