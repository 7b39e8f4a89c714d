-- Parties booked online (issue 28): one row per party, and one lock row per date and slot under which a room is given.
CREATE TABLE "party_slot_locks" (
	"party_date" date NOT NULL,
	"slot_id" text NOT NULL,
	CONSTRAINT "party_slot_locks_party_date_slot_id_pk" PRIMARY KEY("party_date","slot_id")
);
--> statement-breakpoint
CREATE TABLE "party_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"party_date" date NOT NULL,
	"slot_id" text NOT NULL,
	"room_id" text,
	"package_id" text NOT NULL,
	"children" integer NOT NULL,
	"child_first_name" text NOT NULL,
	"child_age" integer NOT NULL,
	"parent_name" text NOT NULL,
	"parent_email" text NOT NULL,
	"parent_phone" text NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"deposit_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"price_lines" jsonb NOT NULL,
	"deposit_outcome" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "party_bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "party_bookings_status_check" CHECK ("party_bookings"."status" in ('held', 'confirmed', 'cancelled', 'expired')),
	CONSTRAINT "party_bookings_children_check" CHECK ("party_bookings"."children" > 0),
	CONSTRAINT "party_bookings_pence_check" CHECK ("party_bookings"."deposit_pence" >= 0 and "party_bookings"."total_pence" >= "party_bookings"."deposit_pence")
);
--> statement-breakpoint
-- The backstop: a room (or, for Private Hire whose room is null, the barn) is live in one party per date and slot.
CREATE UNIQUE INDEX "party_bookings_live_room_idx" ON "party_bookings" USING btree ("party_date","slot_id",coalesce("room_id", '')) WHERE "party_bookings"."status" in ('held', 'confirmed');
--> statement-breakpoint
CREATE INDEX "party_bookings_held_idx" ON "party_bookings" USING btree ("hold_expires_at") WHERE "party_bookings"."status" = 'held';
--> statement-breakpoint
CREATE INDEX "party_bookings_email_idx" ON "party_bookings" USING btree (lower("parent_email"));
--> statement-breakpoint
ANALYZE "party_bookings";
