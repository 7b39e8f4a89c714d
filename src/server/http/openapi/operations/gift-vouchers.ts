import {
  giftVoucherBalanceSchema,
  giftVoucherCodeParamsSchema,
  giftVoucherPrintQuerySchema,
  giftVoucherPrintSchema,
  giftVoucherPurchaseResponseSchema,
  giftVoucherPurchaseSchema,
} from '../../../../shared/contracts/gift-vouchers';
import { defineOperations } from '../operation';

/** gift-vouchers/routes.ts, public side: buying a voucher, its printable page, and checking a code. */
export const giftVoucherOperations = defineOperations([
  {
    method: 'post',
    path: '/api/gift-vouchers',
    summary: 'Buy a gift voucher (an amount or a visit): starts the payment',
    description:
      'Amounts are whole pounds from £10 to £200 (in pence); a visit is priced by the catalogue for today. The send date is today or up to 90 days ahead. The voucher is usable once the payment succeeds.',
    auth: 'none',
    tag: 'Public',
    body: giftVoucherPurchaseSchema,
    responses: { 201: giftVoucherPurchaseResponseSchema },
    errors: ['rate_limited', 'too_many_pending_payments', 'payment_unavailable', 'date_in_past', 'date_too_far'],
  },
  {
    method: 'get',
    path: '/api/gift-vouchers/print',
    summary: "The printable voucher (code and QR code) for the buyer's or the recipient's signed link",
    auth: 'none',
    tag: 'Public',
    query: giftVoucherPrintQuerySchema,
    responses: { 200: giftVoucherPrintSchema },
    errors: ['rate_limited', 'invalid_link', 'gift_voucher_not_active'],
  },
  {
    method: 'get',
    path: '/api/gift-vouchers/:code',
    summary: "A voucher's balance and expiry (rate limited per client and per code)",
    description:
      'A wrong code answers 404 whatever it looked like; an expired or void voucher answers with its status.',
    auth: 'none',
    tag: 'Public',
    params: giftVoucherCodeParamsSchema,
    responses: { 200: giftVoucherBalanceSchema },
    errors: ['rate_limited', 'gift_voucher_not_found'],
  },
]);
