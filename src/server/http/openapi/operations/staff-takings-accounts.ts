import {
  accountsRangeSchema,
  accountsSettingsPutSchema,
  accountsSettingsViewSchema,
  journalQuerySchema,
  payoutsReportSchema,
  vatSummarySchema,
} from '../../../../shared/contracts/accounts';
import { defineOperations } from '../operation';

/** Takings the accountant can file (accounts/routes.ts, issue 50): admins only. */
export const staffTakingsAccountsOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/accounts/settings',
    summary: 'The accounts settings: VAT registration, dated VAT rates, account codes and Xero tax rates',
    auth: 'admin',
    tag: 'Admin',
    responses: { 200: accountsSettingsViewSchema },
    errors: [],
  },
  {
    method: 'put',
    path: '/api/admin/accounts/settings',
    summary: 'Saves a new version of the accounts settings (audited; a stale version is 409)',
    auth: 'admin',
    tag: 'Admin',
    body: accountsSettingsPutSchema,
    responses: { 200: accountsSettingsViewSchema },
    errors: ['stale_version'],
  },
  {
    method: 'get',
    path: '/api/admin/accounts/vat',
    summary: 'VAT on takings with tax points from..to: by rate, boxes 1 and 6, gift vouchers apart',
    auth: 'admin',
    tag: 'Admin',
    query: accountsRangeSchema,
    responses: { 200: vatSummarySchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/admin/accounts/journal.csv',
    summary: 'One Xero manual journal a day from..to, cash or accrual basis, balancing to zero (audited)',
    auth: 'admin',
    tag: 'Admin',
    query: journalQuerySchema,
    responses: {
      200: {
        contentType: 'text/csv; charset=utf-8',
        description: "Xero's manual journal import columns, amounts tax inclusive, streamed (docs/accounts.md).",
      },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/admin/accounts/payouts',
    summary: "Stripe's payouts arriving from..to, each balance transaction matched to our payments or listed",
    auth: 'admin',
    tag: 'Admin',
    query: accountsRangeSchema,
    responses: { 200: payoutsReportSchema },
    errors: ['payment_unavailable'],
  },
]);
