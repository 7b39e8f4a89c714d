-- Check-ins a kiosk made offline and sent later (issue 41): keyed by the device's own id (applied once), with the
-- places let in beyond a ticket's when two devices admitted it while both were offline.
CREATE TABLE "kiosk_offline_check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"device" text NOT NULL,
	"device_id" text NOT NULL,
	"places" integer NOT NULL,
	"over_places" integer DEFAULT 0 NOT NULL,
	"check_in_id" uuid,
	"admitted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kiosk_offline_check_ins_places" CHECK (places >= 0 and over_places >= 0 and over_places <= places)
);
--> statement-breakpoint
ALTER TABLE "kiosk_offline_check_ins" ADD CONSTRAINT "kiosk_offline_check_ins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_offline_check_ins" ADD CONSTRAINT "kiosk_offline_check_ins_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_offline_check_ins_booking_idx" ON "kiosk_offline_check_ins" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "kiosk_offline_check_ins_over_idx" ON "kiosk_offline_check_ins" USING btree ("visit_date") WHERE over_places > 0;--> statement-breakpoint
ANALYZE "kiosk_offline_check_ins";