ALTER TABLE "bookings" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_retention_idx" ON "bookings" USING btree ("created_at") WHERE anonymised_at is null;--> statement-breakpoint
CREATE INDEX "check_ins_plate_idx" ON "check_ins" USING btree ("visit_date") WHERE number_plate is not null;--> statement-breakpoint
CREATE INDEX "credit_purchases_retention_idx" ON "credit_purchases" USING btree ("created_at") WHERE anonymised_at is null;--> statement-breakpoint
CREATE INDEX "outbox_retention_idx" ON "outbox" USING btree ("created_at") WHERE anonymised_at is null;--> statement-breakpoint
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "check_ins";--> statement-breakpoint
ANALYZE "credit_purchases";--> statement-breakpoint
ANALYZE "outbox";