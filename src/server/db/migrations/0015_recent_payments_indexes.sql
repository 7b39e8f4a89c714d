CREATE INDEX "bookings_confirmed_at_idx" ON "bookings" USING btree ("confirmed_at") WHERE confirmed_at is not null;--> statement-breakpoint
CREATE INDEX "credit_purchases_paid_at_idx" ON "credit_purchases" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "credit_purchases";