import type { ApiOperation } from './operation';
import { bookingOperations } from './operations/bookings';
import { calendarOperations } from './operations/calendar';
import { catalogueOperations } from './operations/catalogue';
import { checkInOperations } from './operations/checkin';
import { creditOperations } from './operations/credits';
import { docsOperations } from './operations/docs';
import { familyOperations } from './operations/families';
import { inquiryOperations } from './operations/inquiries';
import { loyaltyOperations } from './operations/loyalty';
import { observabilityOperations } from './operations/observability';
import { paymentOperations } from './operations/payments';
import { siteOperations } from './operations/site';
import { staffOperations } from './operations/staff-index';

/** Every documented operation: /api/openapi.json publishes these, and openapi.test.ts checks each has its route. */
export const allOperations: ApiOperation[] = [
  ...bookingOperations,
  ...calendarOperations,
  ...catalogueOperations,
  ...creditOperations,
  ...loyaltyOperations,
  ...familyOperations,
  ...inquiryOperations,
  ...paymentOperations,
  ...siteOperations,
  ...checkInOperations,
  ...observabilityOperations,
  ...docsOperations,
  ...staffOperations,
];
