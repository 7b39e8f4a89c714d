CREATE TABLE "event_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"queue_entry_id" uuid,
	"email" text NOT NULL,
	"children" jsonb NOT NULL,
	"adults" integer NOT NULL,
	"places" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_queue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"arrival" bigserial NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"position" integer,
	"pow_signature" text NOT NULL,
	"client_address" text,
	"admitted_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "event_queue_entries_pow_signature_unique" UNIQUE("pow_signature")
);
--> statement-breakpoint
CREATE TABLE "event_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"length_minutes" integer NOT NULL,
	"places" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_slots_never_oversold" CHECK (taken >= 0 and taken <= places)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"child_price_pence" integer NOT NULL,
	"adult_price_pence" integer NOT NULL,
	"on_sale_at" timestamp with time zone NOT NULL,
	"family_cap" integer NOT NULL,
	"uses_queue" boolean DEFAULT true NOT NULL,
	"admit_per_minute" integer DEFAULT 60 NOT NULL,
	"queue_shuffled_at" timestamp with time zone,
	"last_position" integer DEFAULT 0 NOT NULL,
	"admitted_through" integer DEFAULT 0 NOT NULL,
	"admission_clock" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_one_subject";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "event_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bookings" ADD CONSTRAINT "event_bookings_queue_entry_id_event_queue_entries_id_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."event_queue_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_queue_entries" ADD CONSTRAINT "event_queue_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_bookings_family_idx" ON "event_bookings" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "event_bookings_slot_idx" ON "event_bookings" USING btree ("slot_id","status");--> statement-breakpoint
CREATE INDEX "event_bookings_held_idx" ON "event_bookings" USING btree ("expires_at") WHERE status = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "event_bookings_queue_entry_idx" ON "event_bookings" USING btree ("queue_entry_id");--> statement-breakpoint
CREATE INDEX "event_queue_position_idx" ON "event_queue_entries" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "event_queue_event_position_idx" ON "event_queue_entries" USING btree ("event_id","position") WHERE position is not null;--> statement-breakpoint
CREATE INDEX "event_slots_event_idx" ON "event_slots" USING btree ("event_id","starts_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_booking_id_event_bookings_id_fk" FOREIGN KEY ("event_booking_id") REFERENCES "public"."event_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_event_booking_idx" ON "payments" USING btree ("event_booking_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK (num_nonnulls(booking_id, credit_purchase_id, party_booking_id, gift_voucher_id, membership_id, till_sale_id, event_booking_id) = 1);--> statement-breakpoint
ANALYZE "event_bookings";--> statement-breakpoint
ANALYZE "event_queue_entries";--> statement-breakpoint
ANALYZE "event_slots";--> statement-breakpoint
ANALYZE "payments";
