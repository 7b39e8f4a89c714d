CREATE TABLE "family_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"link_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_sign_in_codes_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "viewer_secret_hash" text;--> statement-breakpoint
CREATE INDEX "family_sessions_email_idx" ON "family_sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "family_codes_email_idx" ON "family_sign_in_codes" USING btree ("email","created_at");--> statement-breakpoint
ANALYZE "family_sessions";--> statement-breakpoint
ANALYZE "family_sign_in_codes";