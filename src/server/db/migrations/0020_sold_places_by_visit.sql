CREATE INDEX "bookings_sold_visit_idx" ON "bookings" USING btree ("visit_date","session_id","places") WHERE status in ('confirmed', 'processing');--> statement-breakpoint
ANALYZE "bookings";