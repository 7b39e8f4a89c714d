CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"visit_date" date NOT NULL,
	"session_id" text,
	"places" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"places_held" boolean DEFAULT false NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_token_hash" text,
	"offered_by" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_list_status_check" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'booked', 'expired', 'left')),
	CONSTRAINT "waiting_list_places_check" CHECK ("waiting_list_entries"."places" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_voucher_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_voucher_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "gift_voucher_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_session_id_session_times_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_live_idx" ON "waiting_list_entries" USING btree ("email","visit_date",coalesce("session_id", '')) WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_queue_idx" ON "waiting_list_entries" USING btree ("visit_date","session_id","created_at") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_offer_expiry_idx" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waiting_list_email_idx" ON "waiting_list_entries" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offer_token_idx" ON "waiting_list_entries" USING btree ("offer_token_hash");--> statement-breakpoint
ANALYZE "waiting_list_entries";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_gift_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("gift_voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_voucher_ledger_party_idx" ON "gift_voucher_ledger" USING btree ("party_booking_id");--> statement-breakpoint
ANALYZE "gift_voucher_ledger";
