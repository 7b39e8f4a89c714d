import {
  giftVoucherExtendSchema,
  giftVoucherLiabilitySchema,
  giftVoucherReissueSchema,
  giftVoucherVoidSchema,
  staffGiftVoucherDetailSchema,
  staffGiftVoucherIdParamsSchema,
  staffGiftVoucherListSchema,
  staffGiftVoucherQuerySchema,
} from '../../../../shared/contracts/gift-vouchers';
import { defineOperations, type ApiOperation } from '../operation';

const adminAction = (
  verb: string,
  summary: string,
  body: typeof giftVoucherVoidSchema | typeof giftVoucherExtendSchema,
): ApiOperation => ({
  method: 'post',
  path: `/api/admin/gift-vouchers/:id/${verb}`,
  summary,
  auth: 'admin',
  tag: 'Admin',
  params: staffGiftVoucherIdParamsSchema,
  body,
  responses: { 200: staffGiftVoucherDetailSchema },
  errors: ['gift_voucher_not_found', 'gift_voucher_not_active', 'date_too_far'],
});

/**
 * The Gift vouchers tab (gift-vouchers/routes.ts): any member of staff looks up and reads a voucher's
 * history; only admins extend, void or reissue (each audited). No answer carries a whole code.
 */
export const staffGiftVoucherOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/gift-vouchers',
    summary: 'Gift vouchers: by whole code, by last four, name or e-mail, or the newest',
    auth: 'staff',
    tag: 'Staff',
    query: staffGiftVoucherQuerySchema,
    responses: { 200: staffGiftVoucherListSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/admin/gift-vouchers/liability',
    summary: 'Gift voucher liability per month: sold, redeemed, expired, voided and outstanding (pence)',
    auth: 'admin',
    tag: 'Admin',
    responses: { 200: giftVoucherLiabilitySchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/admin/gift-vouchers/liability.csv',
    summary: 'The gift voucher liability report as CSV (pounds); audited',
    auth: 'admin',
    tag: 'Admin',
    responses: {
      200: { contentType: 'text/csv; charset=utf-8', description: 'month,sold,redeemed,expired,voided,outstanding' },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/admin/gift-vouchers/:id',
    summary: 'A gift voucher and its history (the ledger)',
    auth: 'staff',
    tag: 'Staff',
    params: staffGiftVoucherIdParamsSchema,
    responses: { 200: staffGiftVoucherDetailSchema },
    errors: ['gift_voucher_not_found'],
  },
  adminAction('extend', 'Extend a gift voucher to a later expiry date, with a reason', giftVoucherExtendSchema),
  adminAction('void', 'Void a gift voucher with a reason (its code stops working)', giftVoucherVoidSchema),
  adminAction(
    'reissue',
    'Reissue a gift voucher under a new code (the old one is void); the recipient is mailed',
    giftVoucherReissueSchema,
  ),
]);
