import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { vatLineKinds, type AccountsSettings } from '../../shared/contracts/accounts';

/**
 * VAT at each seller's tax point (issue 50, DECISIONS.md "Takings the accountant can file"): one row per
 * line of money taken or given back, written in the transaction that records it (accounts/vat-ledger.ts).
 * Signed integer pence: a refund is negative. `kind` is what was sold (its income account), `settlement`
 * the account the money came from or went to: Stripe clearing ('card'), the drawer ('cash'), or the gift
 * voucher liability ('voucher': a voucher spent, VAT now by what it buys). A gift voucher's own sale is kind
 * 'gift_voucher' at rate 0 (no VAT when sold). `service_from`/`service_to` are when the thing is enjoyed
 * (a visit's or party's date; an annual pass's twelve months): the accrual journal's deferral.
 * `source_key` makes each write once (a repeated provider report writes nothing).
 */
export const vatLines = pgTable(
  'vat_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sourceKey: text('source_key').notNull(),
    /** The tax point and its venue-local day. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: vatLineKinds }).notNull(),
    event: text('event', { enum: ['sale', 'refund'] }).notNull(),
    settlement: text('settlement', { enum: ['card', 'cash', 'voucher'] }).notNull(),
    rateBasisPoints: integer('rate_bp').notNull(),
    grossPence: integer('gross_pence').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    description: text('description').notNull(),
    paymentId: uuid('payment_id'),
    providerPaymentId: text('provider_payment_id'),
    tillSaleId: uuid('till_sale_id'),
    serviceFrom: date('service_from', { mode: 'string' }),
    serviceTo: date('service_to', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vat_lines_source_idx').on(t.sourceKey),
    index('vat_lines_day_idx').on(t.day),
    index('vat_lines_service_idx').on(t.serviceFrom),
    index('vat_lines_payment_idx').on(t.paymentId),
  ],
);

/** The accounts settings (VAT registration, dated rates, account codes), every saved version kept. */
export const accountsSettingsVersions = pgTable('accounts_settings_versions', {
  version: bigserial('version', { mode: 'number' }).primaryKey(),
  settings: jsonb('settings').$type<AccountsSettings>().notNull(),
  actor: text('actor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
