import { contactResponseSchema, contactSchema } from '../../../../shared/contracts/contact';
import { partyInquiryResponseSchema, partyInquirySchema } from '../../../../shared/contracts/party';
import { defineOperations } from '../operation';

/** inquiries/routes.ts (the public part): the contact and party enquiry forms. */
export const inquiryOperations = defineOperations([
  {
    method: 'post',
    path: '/api/contact',
    summary: 'Send the contact form',
    auth: 'none',
    tag: 'Public',
    body: contactSchema,
    responses: { 201: contactResponseSchema },
    errors: ['rate_limited'],
  },
  {
    method: 'post',
    path: '/api/party-inquiry',
    summary: 'Send a party enquiry (staff reply by phone or e-mail)',
    auth: 'none',
    tag: 'Public',
    body: partyInquirySchema,
    responses: { 201: partyInquiryResponseSchema },
    errors: ['rate_limited'],
  },
]);
