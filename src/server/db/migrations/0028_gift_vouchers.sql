CREATE TABLE "gift_voucher_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"balance_after_pence" integer NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"booking_id" uuid,
	"party_booking_id" uuid,
	"expires_on_before" date,
	"expires_on_after" date,
	"other_voucher_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"code_last4" text NOT NULL,
	"kind" text NOT NULL,
	"ticket_type_id" text,
	"ticket_type_title" text,
	"ticket_price_pence" integer,
	"initial_pence" integer NOT NULL,
	"balance_pence" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_on" date NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"void_reason" text,
	"reissued_to" uuid,
	"client_address" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_vouchers_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_vouchers_kind_check" CHECK ("gift_vouchers"."kind" in ('amount', 'visit')),
	CONSTRAINT "gift_vouchers_status_check" CHECK ("gift_vouchers"."status" in ('pending_payment', 'active', 'void')),
	CONSTRAINT "gift_vouchers_balance_check" CHECK ("gift_vouchers"."balance_pence" >= 0 and "gift_vouchers"."balance_pence" <= "gift_vouchers"."initial_pence"),
	CONSTRAINT "gift_vouchers_visit_check" CHECK ("gift_vouchers"."kind" = 'amount' or "gift_vouchers"."ticket_type_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_one_subject";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_voucher_ledger" ADD CONSTRAINT "gift_voucher_ledger_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_voucher_ledger" ADD CONSTRAINT "gift_voucher_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_voucher_ledger" ADD CONSTRAINT "gift_voucher_ledger_party_booking_id_party_bookings_id_fk" FOREIGN KEY ("party_booking_id") REFERENCES "public"."party_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_reissued_to_gift_vouchers_id_fk" FOREIGN KEY ("reissued_to") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_voucher_ledger_voucher_idx" ON "gift_voucher_ledger" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_voucher_ledger_booking_idx" ON "gift_voucher_ledger" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_voucher_ledger_purchase_once_idx" ON "gift_voucher_ledger" USING btree ("voucher_id") WHERE kind = 'purchase';--> statement-breakpoint
ANALYZE "gift_voucher_ledger";--> statement-breakpoint
CREATE INDEX "gift_vouchers_unsent_idx" ON "gift_vouchers" USING btree ("send_on") WHERE "gift_vouchers"."sent_at" is null and "gift_vouchers"."status" = 'active';--> statement-breakpoint
CREATE INDEX "gift_vouchers_created_idx" ON "gift_vouchers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gift_vouchers_last4_idx" ON "gift_vouchers" USING btree ("code_last4");--> statement-breakpoint
ANALYZE "gift_vouchers";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("gift_voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gift_voucher_idx" ON "payments" USING btree ("gift_voucher_id");--> statement-breakpoint
ANALYZE "payments";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK (num_nonnulls(booking_id, credit_purchase_id, party_booking_id, gift_voucher_id) = 1);