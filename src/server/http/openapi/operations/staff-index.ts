import type { ApiOperation } from '../operation';
import { staffAccountOperations } from './staff-accounts';
import { staffBookingOperations } from './staff-bookings';
import { staffCalendarOperations } from './staff-calendar';
import { staffCatalogueOperations } from './staff-catalogue';
import { staffGiftVoucherOperations } from './staff-gift-vouchers';
import { staffEventOperations } from './staff-events';
import { staffInquiryOperations } from './staff-inquiries';
import { staffMembershipOperations } from './staff-memberships';
import { staffOverviewOperations } from './staff-overview';
import { staffTillOperations } from './staff-till';
import { staffCafeOrderOperations } from './staff-cafe-orders';
import { staffWaitingListOperations } from './staff-waiting-list';
// The till's card readers and PINs (issue 48, branch wt-48b), beside the till core's own operations.
import { staffTillReaderOperations } from './staff-till-readers';
// Takings the accountant can file (issue 50, branch wt-50).
import { staffTakingsAccountsOperations } from './staff-takings-accounts';

/** The staff area's operations (/api/admin/*, /api/staff/*), gathered from their own files. */
export const staffOperations: ApiOperation[] = [
  ...staffAccountOperations,
  ...staffTillReaderOperations,
  ...staffBookingOperations,
  ...staffOverviewOperations,
  ...staffCalendarOperations,
  ...staffInquiryOperations,
  ...staffCatalogueOperations,
  ...staffGiftVoucherOperations,
  ...staffWaitingListOperations,
  ...staffMembershipOperations,
  ...staffTillOperations,
  ...staffTakingsAccountsOperations,
  ...staffEventOperations,
  ...staffCafeOrderOperations,
];
