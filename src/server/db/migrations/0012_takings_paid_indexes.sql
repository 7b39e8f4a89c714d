CREATE INDEX "bookings_confirmed_idx" ON "bookings" USING btree ("confirmed_at","final_pence") WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX "credit_purchases_paid_idx" ON "credit_purchases" USING btree ("paid_at","amount_pence") WHERE status = 'paid';--> statement-breakpoint
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "credit_purchases";