import type { KioskTicket } from '../../shared/contracts/checkin';
import type { KioskAgreement } from '../../shared/contracts/kiosk-agreement';
import { maskEmail, maskPhone } from '../../shared/mask';
import type { AppContext } from '../context';
import { getAppSecret } from '../security/app-secret';
import type { StaffPrincipal } from '../staff/staff-sessions';
import { sealHandle } from './kiosk-handle';

/** One of today's visits as the queries read it: a booking, or a walk-in's check-in. */
export type VisitRow = {
  id: string;
  kind: 'booking' | 'walk_in';
  status: string;
  reference: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  booking_date: string;
  time_slot: string;
  children: number;
  adults: number;
  total_pence: number;
  checked_in: boolean;
  checked_out: boolean;
};

/** Who is asking, and what their handles are sealed with. */
export type KioskAccess = { secret: string; principal: StaffPrincipal; now: Date };

export async function kioskAccess(ctx: AppContext, principal: StaffPrincipal): Promise<KioskAccess> {
  return { secret: await getAppSecret(ctx.db), principal, now: ctx.now() };
}

/** "Sam C.": the first name and the last name's initial, enough for a family to know itself. */
export function displayName(full: string): string {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  const initial = Array.from(words.at(-1)!)[0]!.toUpperCase();
  return `${words[0]} ${initial}.`;
}

/**
 * A visit as the kiosk may show it (DECISIONS.md "Kiosk privacy"): no amount, contact detail, reference
 * or id, only a handle. Signed-in staff also get what they saw at the desk before, under `staff`. A
 * booking of today carries its visit agreement (kiosk-agreement.ts) when the caller read it.
 */
export function toKioskTicket(
  r: VisitRow,
  a: KioskAccess,
  via: 'scan' | 'search',
  agreement?: KioskAgreement | null,
): KioskTicket {
  const booking = r.kind === 'booking';
  const staff = a.principal.kind === 'staff';
  return {
    handle: sealHandle(a.secret, { kind: r.kind, id: r.id, via }, a.principal.tokenHash, a.now),
    displayName: displayName(r.customer_name),
    bookingDate: r.booking_date,
    timeSlot: r.time_slot,
    numberOfChildren: Number(r.children),
    numberOfAdults: Number(r.adults),
    status: booking ? 'confirmed' : 'paid_in_store',
    checkedIn: r.checked_in,
    checkedOut: r.checked_out,
    canCheckOut: staff || via === 'scan',
    ...(agreement !== undefined ? { agreement } : {}),
    ...(staff
      ? {
          staff: {
            customerName: r.customer_name,
            reference: r.reference,
            customerEmail: booking ? maskEmail(r.customer_email) : '',
            customerPhone: booking ? maskPhone(r.customer_phone) : '',
            totalAmount: Number(r.total_pence),
          },
        }
      : {}),
  };
}
