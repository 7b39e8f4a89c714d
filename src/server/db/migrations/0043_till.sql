-- Issue 48, the counter till: menu items gain a VAT treatment and priced options, a shop list, till sessions,
-- sales with their lines (VAT rate, net and VAT per line), refunds and cash movements; a payment may be a till
-- sale's. Seeded items (catalogue/seed-till.ts says the same for a new database) get their treatment here.
CREATE TABLE "shop_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_pence" integer NOT NULL,
	"vat_treatment" text DEFAULT 'standard' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "till_refunds_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "till_sale_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"session_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"eat_in" boolean NOT NULL,
	"check_in" boolean DEFAULT false NOT NULL,
	"total_pence" integer NOT NULL,
	"voucher_pence" integer DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"tendered_pence" integer,
	"change_pence" integer,
	"staff" text NOT NULL,
	"staff_account" uuid NOT NULL,
	"booking_id" uuid,
	"gift_voucher_id" uuid,
	"payment_intent_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "till_sales_number_unique" UNIQUE("number"),
	CONSTRAINT "till_sales_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "till_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"till" text NOT NULL,
	"opened_by" text NOT NULL,
	"opened_by_account" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"float_pence" integer NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"counted" jsonb,
	"counted_pence" integer,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_one_subject";--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "vat_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "till_sale_id" uuid;--> statement-breakpoint
ALTER TABLE "till_cash_movements" ADD CONSTRAINT "till_cash_movements_session_id_till_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_refunds" ADD CONSTRAINT "till_refunds_sale_id_till_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."till_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_refunds" ADD CONSTRAINT "till_refunds_session_id_till_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sale_lines" ADD CONSTRAINT "till_sale_lines_sale_id_till_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."till_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sales" ADD CONSTRAINT "till_sales_session_id_till_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sales" ADD CONSTRAINT "till_sales_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "till_refunds_session_idx" ON "till_refunds" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "till_refunds_sale_idx" ON "till_refunds" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "till_sale_lines_sale_idx" ON "till_sale_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "till_sales_session_idx" ON "till_sales" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "till_sales_created_idx" ON "till_sales" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "till_sessions_one_open_idx" ON "till_sessions" USING btree ("till") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "till_sessions_opened_idx" ON "till_sessions" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_till_sale_id_till_sales_id_fk" FOREIGN KEY ("till_sale_id") REFERENCES "public"."till_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_till_sale_idx" ON "payments" USING btree ("till_sale_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK (num_nonnulls(booking_id, credit_purchase_id, party_booking_id, gift_voucher_id, membership_id, till_sale_id) = 1);--> statement-breakpoint
UPDATE "menu_items" SET "vat_treatment" = 'cold_food' WHERE "id" IN ('kids-lunchbox-ham', 'kids-lunchbox-cheese', 'adult-club-sandwich', 'adult-caesar-salad', 'snack-fruit-pot', 'snack-veggie-hummus', 'snack-muffin', 'snack-brownie');--> statement-breakpoint
UPDATE "menu_items" SET "options" = '[{"id":"oat-milk","label":"Oat milk","pricePence":30}]'::jsonb WHERE "id" IN ('drink-latte', 'drink-cappuccino', 'drink-americano', 'drink-hot-chocolate');--> statement-breakpoint
UPDATE "menu_items" SET "options" = '[{"id":"no-cheese","label":"No cheese","pricePence":0}]'::jsonb WHERE "id" IN ('adult-club-sandwich', 'adult-tuna-melt', 'adult-jacket-potato');--> statement-breakpoint
INSERT INTO "shop_items" ("id", "name", "price_pence", "vat_treatment", "available", "sort") VALUES ('grip-socks', 'Grip socks', 150, 'standard', true, 1), ('nappies', 'Nappies (2)', 100, 'standard', true, 2), ('swim-nappy', 'Swim nappy', 150, 'standard', true, 3);--> statement-breakpoint
ANALYZE "till_refunds";--> statement-breakpoint
ANALYZE "till_sale_lines";--> statement-breakpoint
ANALYZE "till_sales";--> statement-breakpoint
ANALYZE "till_sessions";--> statement-breakpoint
ANALYZE "payments";
