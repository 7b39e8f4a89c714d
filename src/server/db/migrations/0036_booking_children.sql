CREATE TABLE "booking_children" (
	"booking_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "booking_children_booking_id_child_id_pk" PRIMARY KEY("booking_id","child_id")
);
--> statement-breakpoint
ALTER TABLE "booking_children" ADD CONSTRAINT "booking_children_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_children" ADD CONSTRAINT "booking_children_child_id_family_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."family_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_children_child_idx" ON "booking_children" USING btree ("child_id");--> statement-breakpoint
ANALYZE "booking_children";
