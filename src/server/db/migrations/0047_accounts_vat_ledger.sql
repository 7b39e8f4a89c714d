CREATE TABLE "accounts_settings_versions" (
	"version" bigserial PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"settlement" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"description" text NOT NULL,
	"payment_id" uuid,
	"provider_payment_id" text,
	"till_sale_id" uuid,
	"service_from" date,
	"service_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vat_lines_source_idx" ON "vat_lines" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "vat_lines_day_idx" ON "vat_lines" USING btree ("day");--> statement-breakpoint
CREATE INDEX "vat_lines_service_idx" ON "vat_lines" USING btree ("service_from");--> statement-breakpoint
CREATE INDEX "vat_lines_payment_idx" ON "vat_lines" USING btree ("payment_id");--> statement-breakpoint
-- Back-fill (issue 50). What is assumed for money taken before this migration: every line is at 20% (the
-- standard rate), except a gift voucher's sale, which is 0 (outside the scope of VAT until spent); the till's
-- lines keep the rate, net and VAT the till recorded. The tax point is the payment's paid_at (its last change
-- when it has none); a refund's is the payment's last change. A till sale part-paid by a voucher is counted
-- as settled by its method alone. Annual passes are not spread (income when paid). VAT is the VAT fraction of
-- the gross, rounded half up per line, as src/shared/vat.ts.
INSERT INTO "vat_lines" ("source_key", "occurred_at", "day", "kind", "event", "settlement", "rate_bp", "gross_pence", "net_pence", "vat_pence", "description", "payment_id", "provider_payment_id", "service_from", "service_to")
SELECT 'payment:' || p.id, coalesce(p.paid_at, p.updated_at), (coalesce(p.paid_at, p.updated_at) AT TIME ZONE 'Europe/London')::date,
  k.kind, 'sale', 'card', k.rate, p.amount_pence,
  p.amount_pence - (2::bigint * p.amount_pence * k.rate + 10000 + k.rate) / (2 * (10000 + k.rate)),
  (2::bigint * p.amount_pence * k.rate + 10000 + k.rate) / (2 * (10000 + k.rate)),
  'Back-filled: ' || p.purpose, p.id, p.provider_payment_id, s.day, s.day
FROM "payments" p
CROSS JOIN LATERAL (SELECT CASE p.purpose WHEN 'booking' THEN 'admission' WHEN 'credit_purchase' THEN 'credits'
  WHEN 'party_deposit' THEN 'parties' WHEN 'party_balance' THEN 'parties' WHEN 'gift_voucher' THEN 'gift_voucher'
  ELSE 'memberships' END AS kind, CASE WHEN p.purpose = 'gift_voucher' THEN 0 ELSE 2000 END AS rate) k
LEFT JOIN LATERAL (SELECT coalesce((SELECT b.visit_date FROM "bookings" b WHERE b.id = p.booking_id),
  (SELECT pb.party_date FROM "party_bookings" pb WHERE pb.id = p.party_booking_id)) AS day) s ON true
WHERE p.status IN ('succeeded', 'refunded') AND p.till_sale_id IS NULL;
--> statement-breakpoint
INSERT INTO "vat_lines" ("source_key", "occurred_at", "day", "kind", "event", "settlement", "rate_bp", "gross_pence", "net_pence", "vat_pence", "description", "payment_id", "provider_payment_id", "service_from", "service_to")
SELECT 'refund:' || v.payment_id, p.updated_at, (p.updated_at AT TIME ZONE 'Europe/London')::date, v.kind, 'refund', 'card', v.rate_bp,
  -p.refund_pence,
  -(p.refund_pence - (2::bigint * p.refund_pence * v.rate_bp + 10000 + v.rate_bp) / (2 * (10000 + v.rate_bp))),
  -((2::bigint * p.refund_pence * v.rate_bp + 10000 + v.rate_bp) / (2 * (10000 + v.rate_bp))),
  'Back-filled refund', p.id, p.provider_payment_id, v.service_from, v.service_to
FROM "payments" p JOIN "vat_lines" v ON v.source_key = 'payment:' || p.id
WHERE p.refund_status = 'succeeded' AND p.refund_pence > 0;
--> statement-breakpoint
INSERT INTO "vat_lines" ("source_key", "occurred_at", "day", "kind", "event", "settlement", "rate_bp", "gross_pence", "net_pence", "vat_pence", "description", "till_sale_id")
SELECT 'till-line:' || l.id, s.updated_at, (s.updated_at AT TIME ZONE 'Europe/London')::date,
  CASE l.kind WHEN 'entry' THEN 'admission' ELSE l.kind END, 'sale', s.method, l.vat_rate_bp, l.total_pence, l.net_pence, l.vat_pence,
  'Back-filled: till sale ' || s.number, s.id
FROM "till_sale_lines" l JOIN "till_sales" s ON s.id = l.sale_id WHERE s.status = 'paid';
--> statement-breakpoint
INSERT INTO "vat_lines" ("source_key", "occurred_at", "day", "kind", "event", "settlement", "rate_bp", "gross_pence", "net_pence", "vat_pence", "description", "till_sale_id")
SELECT 'till-refund:' || r.id || ':' || (x->>'lineId'), r.created_at, (r.created_at AT TIME ZONE 'Europe/London')::date,
  CASE x->>'kind' WHEN 'entry' THEN 'admission' ELSE x->>'kind' END, 'refund', r.method, (x->>'vatRateBasisPoints')::int,
  -(x->>'pence')::int, -(x->>'netPence')::int, -(x->>'vatPence')::int, 'Back-filled: till refund', r.sale_id
FROM "till_refunds" r CROSS JOIN LATERAL jsonb_array_elements(r.lines) x;
--> statement-breakpoint
INSERT INTO "vat_lines" ("source_key", "occurred_at", "day", "kind", "event", "settlement", "rate_bp", "gross_pence", "net_pence", "vat_pence", "description", "service_from", "service_to")
SELECT 'voucher-entry:' || g.id, g.created_at, (g.created_at AT TIME ZONE 'Europe/London')::date,
  CASE WHEN g.booking_id IS NOT NULL THEN 'admission' ELSE 'parties' END,
  CASE g.kind WHEN 'redeem' THEN 'sale' ELSE 'refund' END, 'voucher', 2000, -g.amount_pence,
  -g.amount_pence - sign(-g.amount_pence)::int * ((2::bigint * abs(g.amount_pence) * 2000 + 12000) / 24000),
  sign(-g.amount_pence)::int * ((2::bigint * abs(g.amount_pence) * 2000 + 12000) / 24000),
  'Back-filled: gift voucher spent', s.day, s.day
FROM "gift_voucher_ledger" g
LEFT JOIN LATERAL (SELECT coalesce((SELECT b.visit_date FROM "bookings" b WHERE b.id = g.booking_id),
  (SELECT pb.party_date FROM "party_bookings" pb WHERE pb.id = g.party_booking_id)) AS day) s ON true
WHERE g.kind IN ('redeem', 'refund_to_voucher') AND (g.booking_id IS NOT NULL OR g.party_booking_id IS NOT NULL);
--> statement-breakpoint
ANALYZE "vat_lines";
