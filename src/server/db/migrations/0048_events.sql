-- Issue 51: special events, their slots, the waiting room's queue and event bookings, and payments' link to
-- them. Their takings are a kind of their own (events_pence), counted on the day their payment succeeded
-- (paid_at), less what went back, as memberships' are (0038); overview/sales-by-day.ts counts the same. No event
-- payment exists before this migration, so there is nothing to back-fill.
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
ALTER TABLE "sales_by_day" DROP CONSTRAINT "sales_by_day_kinds_add_up";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "event_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "events_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
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
ALTER TABLE "sales_by_day" ADD CONSTRAINT "sales_by_day_kinds_add_up" CHECK ("sales_by_day"."takings_pence" = "sales_by_day"."tickets_pence" + "sales_by_day"."credit_bundles_pence" + "sales_by_day"."parties_pence" + "sales_by_day"."gift_vouchers_pence" + "sales_by_day"."memberships_pence" + "sales_by_day"."cafe_pence" + "sales_by_day"."shop_pence" + "sales_by_day"."events_pence");--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_by_day_take(p_at timestamptz, p_kind text, p_bookings integer, p_pence bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind NOT IN ('tickets', 'credit_bundles', 'parties', 'gift_vouchers', 'memberships', 'cafe', 'shop', 'events') THEN
    RAISE EXCEPTION 'sales_by_day has no column for takings of kind %', p_kind;
  END IF;
  IF p_at IS NULL OR (p_bookings = 0 AND p_pence = 0) THEN
    RETURN;
  END IF;
  INSERT INTO sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                            gift_vouchers_pence, memberships_pence, cafe_pence, shop_pence, events_pence)
    VALUES ((p_at AT TIME ZONE 'Europe/London')::date, p_bookings, p_pence,
            CASE WHEN p_kind = 'tickets' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'credit_bundles' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'parties' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'gift_vouchers' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'memberships' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'cafe' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'shop' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'events' THEN p_pence ELSE 0 END);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_kind text;
  new_kind text;
  old_pence bigint := 0;
  new_pence bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_kind := CASE WHEN OLD.party_booking_id IS NOT NULL THEN 'parties'
                     WHEN OLD.membership_id IS NOT NULL THEN 'memberships'
                     WHEN OLD.event_booking_id IS NOT NULL THEN 'events' END;
    IF old_kind IS NOT NULL AND OLD.status IN ('succeeded', 'refunded') THEN
      old_pence := greatest(OLD.amount_pence - OLD.refund_pence, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_kind := CASE WHEN NEW.party_booking_id IS NOT NULL THEN 'parties'
                     WHEN NEW.membership_id IS NOT NULL THEN 'memberships'
                     WHEN NEW.event_booking_id IS NOT NULL THEN 'events' END;
    IF new_kind IS NOT NULL AND NEW.status IN ('succeeded', 'refunded') THEN
      new_pence := greatest(NEW.amount_pence - NEW.refund_pence, 0);
    END IF;
  END IF;
  IF old_pence <> new_pence OR old_kind IS DISTINCT FROM new_kind
     OR (new_pence <> 0 AND OLD.paid_at IS DISTINCT FROM NEW.paid_at) THEN
    IF old_kind IS NOT NULL THEN
      PERFORM sales_by_day_take(OLD.paid_at, old_kind, 0, -old_pence);
    END IF;
    IF new_kind IS NOT NULL THEN
      PERFORM sales_by_day_take(NEW.paid_at, new_kind, 0, new_pence);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER payments_sales_by_day ON payments;--> statement-breakpoint
CREATE TRIGGER payments_sales_by_day AFTER INSERT OR DELETE
  OR UPDATE OF status, paid_at, amount_pence, refund_pence, party_booking_id, membership_id, event_booking_id
  ON payments FOR EACH ROW EXECUTE FUNCTION payments_sales_by_day();
--> statement-breakpoint
ANALYZE "event_bookings";--> statement-breakpoint
ANALYZE "event_queue_entries";--> statement-breakpoint
ANALYZE "event_slots";--> statement-breakpoint
ANALYZE "payments";
