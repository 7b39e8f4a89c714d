ALTER TABLE "staff_accounts" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor","created_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_live_idx" ON "staff_sessions" USING btree ("expires_at") WHERE revoked_at is null;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_id_unique" UNIQUE("id");--> statement-breakpoint
ANALYZE "audit_log";--> statement-breakpoint
ANALYZE "staff_sessions";