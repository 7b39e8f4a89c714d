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
  staff_session_ended: 'Signed a browser out',
  staff_account_created: 'Added a staff account',
  staff_account_deactivated: 'Deactivated a staff account',
  staff_account_reactivated: 'Reactivated a staff account',
  staff_password_reset: "Reset someone's password",
  own_password_changed: 'Changed their own password',
  voucher_used: 'Marked a voucher used',
  data_exported: "Exported a family's data",
  retention_applied: 'Removed old personal data (daily job)',
};

export const describeAction = (action: string) => actionText[action] ?? action.replaceAll('_', ' ');

const detailNames: Record<string, string> = {
  username: 'account',
  endedSessions: 'sessions ended',
  rewardId: 'reward',
  by: 'how',
};

/** The details worth reading ("account: jo.smith · role: staff"); nested and empty values left out. */
export function detailText(e: AuditEntryDto): string {
  return Object.entries(e.details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && typeof v !== 'object')
    .map(([k, v]) => `${detailNames[k] ?? k}: ${String(v)}`)
    .join(' · ');
}
