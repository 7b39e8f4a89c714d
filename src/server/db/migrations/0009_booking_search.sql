CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_reference_trgm_idx" ON "bookings" USING gin (lower("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_name_trgm_idx" ON "bookings" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_email_trgm_idx" ON "bookings" USING gin (lower("customer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_phone_trgm_idx" ON "bookings" USING gin (regexp_replace("customer_phone", '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_booking_idx" ON "outbox" USING btree (split_part("dedupe_key", ':', 2)) WHERE dedupe_key like 'booking-%';--> statement-breakpoint
ANALYZE "audit_log";--> statement-breakpoint
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "outbox";