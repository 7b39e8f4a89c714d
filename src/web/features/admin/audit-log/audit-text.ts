import type { AuditEntryDto } from '../../../../shared/contracts/staff-accounts';

/** What each recorded action means, in the words staff use; an action not listed shows its own name. */
const actionText: Record<string, string> = {
  checked_in: 'Checked a family in',
  checked_out: 'Checked a family out',
  walk_in_checked_in: 'Checked a walk-in in',
  session_blocked: 'Blocked a session',
  session_unblocked: 'Unblocked a session',
  session_capacity_changed: "Changed a session's places for one date",
  inquiry_marked_responded: 'Marked an enquiry answered',
  party_marked_booked: 'Marked a party booked',
  kiosk_mode_started: 'Started kiosk mode on a device',
  kiosk_mode_ended: 'Took a kiosk device back by signing in on it',
  kiosk_device_ended: 'Ended a kiosk device',
  kitchen_mode_started: 'Started kitchen mode on a device',
  kitchen_device_ended: 'Ended a kitchen screen',
  cafe_tables_saved: "Saved the cafe's tables",
  cafe_order_refunded: 'Refunded a table order',
  staff_session_ended: 'Signed a browser out',
  staff_account_created: 'Added a staff account',
  staff_account_deactivated: 'Deactivated a staff account',
  staff_account_reactivated: 'Reactivated a staff account',
  staff_password_reset: "Reset someone's password",
  own_password_changed: 'Changed their own password',
  voucher_used: 'Marked a voucher used',
  data_exported: "Exported a family's data",
  'export.csv': 'Downloaded a CSV export',
  retention_applied: 'Removed old personal data (daily job)',
  'catalogue.price_set': 'Set a ticket price',
  'catalogue.ticket_type_edited': 'Edited a ticket type',
  'catalogue.session_edited': 'Edited a session',
  'catalogue.closure_created': 'Closed dates',
  'catalogue.menu_item_created': 'Added a menu item',
  'catalogue.menu_item_edited': 'Edited a menu item',
  'catalogue.menu_item_deleted': 'Deleted a menu item',
  'catalogue.menu_photo_set': "Uploaded a menu item's photo",
  'catalogue.post_created': 'Added a notice board post',
  'catalogue.post_edited': 'Edited a notice board post',
  'catalogue.post_deleted': 'Deleted a notice board post',
  'catalogue.venue_edited': "Edited the venue's details",
  'catalogue.parties_edited': 'Edited the party packages',
  'catalogue.visit_rules_edited': 'Edited the credit bundle, parking or house rules',
  'catalogue.waiting_list_edited': 'Changed how long waiting list offers are held',
  'catalogue.party_booking_edited': 'Edited how parties are sold online',
  party_created: 'Booked a party for a phone caller',
  party_moved: 'Moved a party',
  party_cancelled: 'Cancelled a party',
  party_notes_changed: "Changed a party's notes",
  'gift_voucher.lookup': 'Looked up a gift voucher by its code',
  'gift_voucher.extend': 'Extended a gift voucher',
  'gift_voucher.void': 'Voided a gift voucher',
  'gift_voucher.reissue': 'Reissued a gift voucher under a new code',
};

export const describeAction = (action: string) => actionText[action] ?? action.replaceAll('_', ' ');

const detailNames: Record<string, string> = {
  username: 'account',
  endedSessions: 'sessions ended',
  rewardId: 'reward',
  by: 'how',
};

const shown = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** A catalogue edit's `{ before, after }`: each field that changed, "phone: 01632 960 123 → 01632 960 999". */
function changesText(before: unknown, after: unknown): string {
  if (typeof after !== 'object' || after === null) return '';
  const was = (typeof before === 'object' && before !== null ? before : {}) as Record<string, unknown>;
  return Object.entries(after as Record<string, unknown>)
    .filter(([k, v]) => k !== 'version' && shown(v) !== shown(was[k]))
    .map(([k, v]) => (k in was ? `${k}: ${clip(shown(was[k]))} → ${clip(shown(v))}` : `${k}: ${clip(shown(v))}`))
    .join(' · ');
}

/** The details worth reading ("account: jo.smith · role: staff"); nested and empty values left out. */
export function detailText(e: AuditEntryDto): string {
  const { before, after } = e.details as { before?: unknown; after?: unknown };
  const plain = Object.entries(e.details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && typeof v !== 'object')
    .map(([k, v]) => `${detailNames[k] ?? k}: ${String(v)}`);
  const changes = after !== undefined ? changesText(before, after) : '';
  return [...plain, ...(changes ? [changes] : [])].join(' · ');
}
