CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"copied_to" text,
	"error" text,
	CONSTRAINT "backup_runs_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
CREATE TABLE "staff_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_devices" ADD CONSTRAINT "staff_devices_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("status","finished_at");--> statement-breakpoint
CREATE INDEX "staff_devices_account_idx" ON "staff_devices" USING btree ("account_id");--> statement-breakpoint
ANALYZE "backup_runs";--> statement-breakpoint
ANALYZE "staff_devices";
