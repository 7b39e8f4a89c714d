CREATE INDEX "credit_purchases_name_trgm_idx" ON "credit_purchases" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
ANALYZE "credit_purchases";