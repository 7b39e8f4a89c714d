ALTER TABLE "loyalty_ledger" ADD COLUMN "party_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_party_booking_id_party_bookings_id_fk" FOREIGN KEY ("party_booking_id") REFERENCES "public"."party_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_party_idx" ON "loyalty_ledger" USING btree ("party_booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_payment_earn_once_idx" ON "loyalty_ledger" USING btree ("payment_id") WHERE kind = 'earn';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_payment_reverse_once_idx" ON "loyalty_ledger" USING btree ("payment_id") WHERE kind = 'reverse';--> statement-breakpoint
ANALYZE "loyalty_ledger";
