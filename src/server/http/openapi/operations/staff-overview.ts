import { dashboardStatsResponseSchema } from '../../../../shared/contracts/admin';
import { outboxResponseSchema } from '../../../../shared/contracts/admin-outbox';
import { exportKinds, exportRangeSchema } from '../../../../shared/contracts/exports';
import { overviewChartsResponseSchema } from '../../../../shared/contracts/overview-charts';
import {
  dataErasureResponseSchema,
  dataExportFileSchema,
  dataRequestSchema,
} from '../../../../shared/contracts/privacy';
import { defineOperations, type ApiOperation } from '../operation';

/** One CSV export per kind (exports/routes.ts): admins only, since each file holds families' contact details. */
const csvExports: ApiOperation[] = exportKinds.map((kind) => ({
  method: 'get',
  path: `/api/admin/exports/${kind}.csv`,
  summary: `Download the ${kind} created on London dates from..to (at most 366 days) as CSV`,
  auth: 'admin',
  tag: 'Admin',
  query: exportRangeSchema,
  responses: {
    200: {
      contentType: 'text/csv; charset=utf-8',
      description: `The ${kind}, one row each, streamed as an attachment (columns in docs/csv-exports.md).`,
    },
  },
  errors: [],
}));

/**
 * The Overview tab (overview/routes.ts; the backup card's error text for admins only), the Mail tab
 * (mail/routes.ts), CSV exports and data requests (privacy/routes.ts). Staff routes refuse a browser in
 * kiosk mode (403 forbidden).
 */
export const staffOverviewOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/dashboard-stats',
    summary: "Today's and this week's bookings and takings, recent activity and the last backup",
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: dashboardStatsResponseSchema },
    errors: ['forbidden'],
  },
  {
    method: 'get',
    path: '/api/admin/overview/charts',
    summary: 'Bookings and takings for the last 30 days and places sold for the next 14',
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: overviewChartsResponseSchema },
    errors: ['forbidden'],
  },
  {
    method: 'get',
    path: '/api/admin/outbox',
    summary: 'The mail outbox: sent, waiting and kept mails, and whether SMTP is set up',
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: outboxResponseSchema },
    errors: ['forbidden'],
  },
  ...csvExports,
  {
    method: 'post',
    path: '/api/admin/privacy/export',
    summary: 'Everything held about an e-mail address, as a JSON file by table',
    auth: 'admin',
    tag: 'Admin',
    body: dataRequestSchema,
    responses: { 200: dataExportFileSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/admin/privacy/erase',
    summary: 'Anonymise or close everything held about an e-mail address',
    auth: 'admin',
    tag: 'Admin',
    body: dataRequestSchema,
    responses: { 200: dataErasureResponseSchema },
    errors: [],
  },
]);
