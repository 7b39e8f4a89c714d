import type { ResendConfirmationResponse } from '../../shared/contracts/booking-manager';
import type { Db } from '../db/client';
import { resendConfirmation } from './resend-confirmation';
import { writeAudit } from '../staff/audit';

/** Staff send a booking's confirmation again (ticket QR, .ics, links) to its address; audited with their name. */
export async function staffResendConfirmation(opts: {
  db: Db;
  bookingId: string;
  publicUrl: string;
  actor: string;
  now: Date;
}): Promise<ResendConfirmationResponse> {
  const { db, bookingId, publicUrl, actor, now } = opts;
  return db.transaction(async (tx) => {
    const result = await resendConfirmation({ db: tx, bookingId, publicUrl, now });
    await writeAudit(tx, { actor, action: 'confirmation_resent', subjectType: 'booking', subjectId: bookingId });
    return result;
  });
}
