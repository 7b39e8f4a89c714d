CREATE TABLE "party_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"guest_email" text NOT NULL,
	"rsvp" text,
	"guest_child_first_name" text,
	"allergies" text,
	"responded_at" timestamp with time zone,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "party_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "party_invitations_rsvp_check" CHECK ("party_invitations"."rsvp" is null or "party_invitations"."rsvp" in ('coming', 'not_coming'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_one_subject";--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "paid_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "food_choices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "dietary_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "staff_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "balance_reminder_14_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "balance_reminder_8_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "party_bookings" ADD COLUMN "created_by_staff" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "party_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "party_invitations" ADD CONSTRAINT "party_invitations_party_id_party_bookings_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."party_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_invitations_party_idx" ON "party_invitations" USING btree ("party_id");--> statement-breakpoint
ANALYZE "party_invitations";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_party_booking_id_party_bookings_id_fk" FOREIGN KEY ("party_booking_id") REFERENCES "public"."party_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_party_idx" ON "payments" USING btree ("party_booking_id");--> statement-breakpoint
ANALYZE "payments";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK (num_nonnulls(booking_id, credit_purchase_id, party_booking_id) = 1);