import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { count, pounds, yesNo, type Cell } from './csv';

type SalesLineRow = {
  number: number;
  sold_at: string;
  till: string;
  staff: string;
  status: string;
  method: string;
  eat_in: boolean;
  kind: string;
  item_id: string;
  description: string;
  quantity: number;
  unit_pence: number;
  total_pence: number;
  vat_rate_bp: number;
  net_pence: number;
  vat_pence: number;
  refunded_quantity: number;
};

/** "20.00": a VAT rate in basis points as a percentage. */
const percent = (bp: number) => ({ num: `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}` });

/**
 * The counter till's sales, one row a line (issue 48; columns in docs/csv-exports.md): each line's VAT
 * rate, net and VAT as sold (rounded per line), and how many of it were refunded. Paged by the sale's
 * time and the line's id.
 */
export const salesLinesExport = (db: Db, london: (c: SQL) => SQL, cursorAt: (c: SQL) => SQL) => ({
  header: [
    'Sale number',
    'Sold at (London)',
    'Till',
    'Staff',
    'Status',
    'Paid by',
    'Eat in',
    'Kind',
    'Item',
    'Description',
    'Quantity',
    'Unit price (GBP)',
    'Total (GBP)',
    'VAT rate (%)',
    'Net (GBP)',
    'VAT (GBP)',
    'Refunded quantity',
  ],
  page: async (where: SQL, limit: number) =>
    rowsOf<SalesLineRow & { id: string; cursor_at: string }>(
      await executePrepared(
        db,
        sql`
        select l.id, ${cursorAt(sql`s.created_at`)} as cursor_at, s.number, ${london(sql`s.created_at`)} as sold_at,
               ts.till, s.staff, s.status, s.method, s.eat_in, l.kind, l.item_id, l.description, l.quantity,
               l.unit_pence, l.total_pence, l.vat_rate_bp, l.net_pence, l.vat_pence, l.refunded_quantity
          from till_sale_lines l join till_sales s on s.id = l.sale_id join till_sessions ts on ts.id = s.session_id
         where ${where}
         order by s.created_at, l.id
         limit ${limit}`,
      ),
    ),
  cells: (r: SalesLineRow): Cell[] => [
    count(r.number),
    r.sold_at,
    r.till,
    r.staff,
    r.status,
    r.method,
    yesNo(r.eat_in),
    r.kind,
    r.item_id,
    r.description,
    count(r.quantity),
    pounds(r.unit_pence),
    pounds(r.total_pence),
    percent(r.vat_rate_bp),
    pounds(r.net_pence),
    pounds(r.vat_pence),
    count(r.refunded_quantity),
  ],
});
