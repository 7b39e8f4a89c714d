-- Families the venue knows (issue 39): family profiles and their children, the visit agreement's versions
-- and each adult's acceptance. Version 1 of the agreement is the venue's house rules as seeded (SPEC.md),
-- in force from the start, so every existing venue has an agreement to accept; admins publish the next.
-- Outbox mail gains headers (a birthday reminder's List-Unsubscribe, RFC 8058); a constant default: no rewrite.
CREATE TABLE "agreement_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"version" integer NOT NULL,
	"full_name" text NOT NULL,
	"child_ids" uuid[] NOT NULL,
	"child_names" text[] NOT NULL,
	"booking_id" uuid,
	"accepted_via" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"effective_from" date NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_children" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_profiles" (
	"email" text PRIMARY KEY NOT NULL,
	"adults" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unsubscribe_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"birthday_reminders" boolean DEFAULT false NOT NULL,
	"birthday_reminders_changed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_version_agreement_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."agreement_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_children" ADD CONSTRAINT "family_children_email_family_profiles_email_fk" FOREIGN KEY ("email") REFERENCES "public"."family_profiles"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_acceptances_email_idx" ON "agreement_acceptances" USING btree ("email");--> statement-breakpoint
CREATE INDEX "agreement_acceptances_booking_idx" ON "agreement_acceptances" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "family_children_email_idx" ON "family_children" USING btree ("email");--> statement-breakpoint
INSERT INTO "agreement_versions" ("version", "text", "effective_from", "published_by") VALUES (1,
'Our rules of play keep every child safe. By accepting them you agree that:
- Children are supervised by an adult (18+) at all times, and you stay in the centre while they play.
- Everyone wears safety socks in the play areas (on sale at reception).
- No outside food or drink is brought into the centre.
- Children follow the age signs on each play zone and the instructions of our staff.
- All play is at your own risk; tell our staff at once about any accident or injury.
- Anyone behaving unsafely or unkindly may be asked to leave without a refund.',
'2000-01-01', 'seed');
--> statement-breakpoint
ANALYZE "agreement_acceptances";--> statement-breakpoint
ANALYZE "family_children";
