import { sql, type SQL } from 'drizzle-orm';
import { takingsKinds, type TakingsByKind, type TakingsKindShown } from '../../shared/contracts/takings';
import type { TakingsKind } from '../payments/sellers';

/**
 * Each kind of takings the Overview shows (contracts/takings.ts) and the column of sales_by_day that sums it
 * (migration 0031; its triggers write it, sales_by_day_take checks the kind).
 */
export const takingsColumns: Record<TakingsKindShown, string> = {
  tickets: 'tickets_pence',
  credit_bundles: 'credit_bundles_pence',
  parties: 'parties_pence',
  gift_vouchers: 'gift_vouchers_pence',
  memberships: 'memberships_pence',
  cafe: 'cafe_pence',
  shop: 'shop_pence',
  events: 'events_pence',
};

/**
 * How a seller's payments show in the Overview (each seller registers its takingsKind: payments/sellers.ts).
 * A new kind is a migration (the column, a trigger on its rows that calls sales_by_day_take, a backfill), its
 * kind in contracts/takings.ts, and its entries here; overview/takings-kinds.test.ts fails for any registered
 * seller left without.
 */
export const shownAs: Record<TakingsKind, TakingsKindShown | null> = {
  tickets: 'tickets',
  credit_bundles: 'credit_bundles',
  parties: 'parties',
  memberships: 'memberships',
  events: 'events',
  cafe: 'cafe',
  not_takings: null,
};

/** `sum(<kind column>) filter (where <when>)` for every kind, as "<kind>" columns of one select. */
export function sumsByKind(prefix: string, when?: SQL): SQL {
  return sql.join(
    takingsKinds.map((k) => {
      const sum = sql`coalesce(sum(${sql.raw(takingsColumns[k])})${when ? sql` filter (where ${when})` : sql``}, 0)`;
      return sql`${sum}::int as ${sql.identifier(`${prefix}${k}`)}`;
    }),
    sql`, `,
  );
}

/** The kinds read back from a row that sumsByKind(prefix) made. */
export function byKindFrom(row: Record<string, unknown>, prefix: string): TakingsByKind {
  return Object.fromEntries(takingsKinds.map((k) => [k, Number(row[`${prefix}${k}`] ?? 0)])) as TakingsByKind;
}
