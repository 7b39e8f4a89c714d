ALTER TABLE "booking_children" ADD COLUMN "membership_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "membership_cover_pence" integer DEFAULT 0 NOT NULL;