import type { ApiOperation } from './operation';
import { bookingOperations } from './operations/bookings';
import { calendarOperations } from './operations/calendar';
import { cafeOrderOperations } from './operations/cafe-orders';
import { catalogueOperations } from './operations/catalogue';
import { checkInOperations } from './operations/checkin';
import { creditOperations } from './operations/credits';
import { docsOperations } from './operations/docs';
import { eventOperations } from './operations/events';
import { familyProfileOperations } from './operations/family-profile';
import { membershipOperations } from './operations/memberships';
import { familyOperations } from './operations/families';
import { giftVoucherOperations } from './operations/gift-vouchers';
import { inquiryOperations } from './operations/inquiries';
import { loyaltyOperations } from './operations/loyalty';
import { observabilityOperations } from './operations/observability';
import { paymentOperations } from './operations/payments';
import { partyOperations } from './operations/parties';
import { partyGuestOperations } from './operations/party-guests';
import { siteOperations } from './operations/site';
import { staffOperations } from './operations/staff-index';
import { staffPartyOperations } from './operations/staff-parties';
import { waitingListOperations } from './operations/waiting-list';

/** Every documented operation: /api/openapi.json publishes these, and openapi.test.ts checks each has its route. */
export const allOperations: ApiOperation[] = [
  ...bookingOperations,
  ...calendarOperations,
  ...catalogueOperations,
  ...creditOperations,
  ...giftVoucherOperations,
  ...loyaltyOperations,
  ...familyOperations,
  ...familyProfileOperations,
  ...membershipOperations,
  ...inquiryOperations,
  ...paymentOperations,
  ...partyOperations,
  ...partyGuestOperations,
  ...siteOperations,
  ...checkInOperations,
  ...observabilityOperations,
  ...docsOperations,
  ...staffOperations,
  ...staffPartyOperations,
  ...waitingListOperations,
  ...eventOperations,
  ...cafeOrderOperations,
];
