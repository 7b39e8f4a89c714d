import {
  cafeOrderIdParamsSchema,
  cafeOrderViewSchema,
  refundCafeOrderSchema,
  cafeTablesResponseSchema,
  kitchenModeSchema,
  putCafeTablesSchema,
} from '../../../../shared/contracts/cafe-orders';
import { staffMeSchema } from '../../../../shared/contracts/staff';
import { defineOperations } from '../operation';

/** cafe-orders/routes.ts (issue 49): the tables admins name, and a screen put in kitchen mode. */
export const staffCafeOrderOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/cafe/tables',
    summary: 'The cafe’s tables, each with its signed token and order link (for the QR cards)',
    auth: 'admin',
    tag: 'Admin',
    responses: { 200: cafeTablesResponseSchema },
    errors: [],
  },
  {
    method: 'put',
    path: '/api/admin/cafe/tables',
    summary: 'Save the tables: add, rename, renumber, retire; rotateToken retires a table’s card (audited)',
    auth: 'admin',
    tag: 'Admin',
    body: putCafeTablesSchema,
    responses: { 200: cafeTablesResponseSchema },
    errors: ['not_found'],
  },
  {
    method: 'post',
    path: '/api/admin/cafe/orders/:id/refund',
    summary: 'Refund all of a paid table order (admins; the kitchen screen cannot): it leaves the kitchen screen',
    auth: 'admin',
    tag: 'Admin',
    params: cafeOrderIdParamsSchema,
    body: refundCafeOrderSchema,
    responses: { 200: cafeOrderViewSchema },
    errors: ['not_refundable'],
  },
  {
    method: 'post',
    path: '/api/staff/kitchen-mode',
    summary: 'Put this device in kitchen mode: the staff session ends, the device shows the kitchen screen only',
    description: 'Listed and ended in Staff & Devices like a kiosk device (audited).',
    auth: 'staff',
    tag: 'Staff',
    body: kitchenModeSchema,
    responses: { 200: staffMeSchema },
    errors: [],
  },
]);
