-- Issue 51: special events' places are takings of their own kind (events_pence), counted on the day their
-- payment succeeded (paid_at), less what went back, as memberships' are (0038). overview/sales-by-day.ts counts
-- the same. No event payment exists before this migration, so there is nothing to back-fill.
ALTER TABLE "sales_by_day" DROP CONSTRAINT "sales_by_day_kinds_add_up";--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "events_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
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
