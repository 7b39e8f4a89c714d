CREATE TABLE "membership_unpaid_visits" (
	"membership_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "membership_unpaid_visits_membership_id_booking_id_pk" PRIMARY KEY("membership_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "membership_unpaid_visits" ADD CONSTRAINT "membership_unpaid_visits_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_unpaid_visits" ADD CONSTRAINT "membership_unpaid_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_unpaid_visits_due_idx" ON "membership_unpaid_visits" USING btree ("deadline") WHERE outcome is null;--> statement-breakpoint
CREATE INDEX "membership_unpaid_visits_booking_idx" ON "membership_unpaid_visits" USING btree ("booking_id");--> statement-breakpoint
ANALYZE "membership_unpaid_visits";