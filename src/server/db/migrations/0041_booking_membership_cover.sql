CREATE TABLE "booking_membership_cover" (
	"booking_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"visits" integer NOT NULL,
	"value_pence" integer NOT NULL,
	CONSTRAINT "booking_membership_cover_booking_id_membership_id_pk" PRIMARY KEY("booking_id","membership_id"),
	CONSTRAINT "booking_membership_cover_amounts" CHECK (visits >= 0 and value_pence >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_membership_cover" ADD CONSTRAINT "booking_membership_cover_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_membership_cover" ADD CONSTRAINT "booking_membership_cover_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_membership_cover_membership_idx" ON "booking_membership_cover" USING btree ("membership_id");--> statement-breakpoint
-- Back-fill (issue 46): each booking a membership paid for, from the children it named (booking_children) and the
-- booking's cover. A booking covered by two memberships shares its cover by their children (the first by id takes
-- the odd pence). Children already removed from a profile took their rows with them: those visits cannot be found.
WITH per AS (
	SELECT bc.booking_id, bc.membership_id, count(*)::int AS visits
	FROM booking_children bc
	WHERE bc.membership_id IS NOT NULL
	GROUP BY bc.booking_id, bc.membership_id
), shares AS (
	SELECT p.booking_id, p.membership_id, p.visits,
		(b.membership_cover_pence * p.visits / sum(p.visits) OVER (PARTITION BY p.booking_id))::int AS share,
		b.membership_cover_pence AS cover,
		row_number() OVER (PARTITION BY p.booking_id ORDER BY p.membership_id) AS rn
	FROM per p JOIN bookings b ON b.id = p.booking_id
	WHERE b.membership_cover_pence > 0
)
INSERT INTO "booking_membership_cover" ("booking_id", "membership_id", "visits", "value_pence")
SELECT booking_id, membership_id, visits,
	share + CASE WHEN rn = 1 THEN cover - sum(share) OVER (PARTITION BY booking_id) ELSE 0 END
FROM shares
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "booking_membership_cover";
