CREATE INDEX "bookings_sold_created_idx" ON "bookings" USING btree ("created_at") WHERE status in ('confirmed', 'processing');--> statement-breakpoint
ANALYZE "bookings";