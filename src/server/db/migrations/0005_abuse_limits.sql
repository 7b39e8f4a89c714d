ALTER TABLE "bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "template" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "staff_subject" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "staff_text" text;--> statement-breakpoint
CREATE INDEX "credit_purchases_pending_idx" ON "credit_purchases" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
ANALYZE "credit_purchases";