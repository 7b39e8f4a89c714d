CREATE TABLE "sales_by_day" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"bookings" integer NOT NULL,
	"takings_pence" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_by_day_day_idx" ON "sales_by_day" USING btree ("day");--> statement-breakpoint
-- The Overview charts' figures per venue day (overview/charts.ts), kept as they change instead of summed over
-- 30 days of bookings on every look: a booking sold (confirmed or processing) counts on the London day it was
-- made; takings are confirmed bookings' totals on the day confirmed and paid bundles on the day paid (the
-- definitions of overview/dashboard-stats.ts). Each change adds a row (append only: no sale waits on another's
-- row lock); foldSalesByDay sums a day's rows into one now and then.
CREATE FUNCTION sales_by_day_add(p_at timestamptz, p_bookings integer, p_pence bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_at IS NULL OR (p_bookings = 0 AND p_pence = 0) THEN
    RETURN;
  END IF;
  INSERT INTO sales_by_day (day, bookings, takings_pence)
    VALUES ((p_at AT TIME ZONE 'Europe/London')::date, p_bookings, p_pence);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_sold boolean := TG_OP <> 'INSERT' AND OLD.status IN ('confirmed', 'processing');
  is_sold boolean := TG_OP <> 'DELETE' AND NEW.status IN ('confirmed', 'processing');
  was_paid boolean := TG_OP <> 'INSERT' AND OLD.status = 'confirmed';
  is_paid boolean := TG_OP <> 'DELETE' AND NEW.status = 'confirmed';
BEGIN
  IF was_sold IS DISTINCT FROM is_sold OR (is_sold AND OLD.created_at IS DISTINCT FROM NEW.created_at) THEN
    IF was_sold THEN
      PERFORM sales_by_day_add(OLD.created_at, -1, 0);
    END IF;
    IF is_sold THEN
      PERFORM sales_by_day_add(NEW.created_at, 1, 0);
    END IF;
  END IF;
  IF was_paid IS DISTINCT FROM is_paid
     OR (is_paid AND (OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at OR OLD.final_pence <> NEW.final_pence)) THEN
    IF was_paid THEN
      PERFORM sales_by_day_add(OLD.confirmed_at, 0, -OLD.final_pence);
    END IF;
    IF is_paid THEN
      PERFORM sales_by_day_add(NEW.confirmed_at, 0, NEW.final_pence);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_sales_by_day AFTER INSERT OR DELETE OR UPDATE OF status, created_at, confirmed_at, final_pence
  ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_sales_by_day();
--> statement-breakpoint
CREATE FUNCTION credit_purchases_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_paid boolean := TG_OP <> 'INSERT' AND OLD.status = 'paid';
  is_paid boolean := TG_OP <> 'DELETE' AND NEW.status = 'paid';
BEGIN
  IF was_paid IS DISTINCT FROM is_paid
     OR (is_paid AND (OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.amount_pence <> NEW.amount_pence)) THEN
    IF was_paid THEN
      PERFORM sales_by_day_add(OLD.paid_at, 0, -OLD.amount_pence);
    END IF;
    IF is_paid THEN
      PERFORM sales_by_day_add(NEW.paid_at, 0, NEW.amount_pence);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_purchases_sales_by_day AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, amount_pence
  ON credit_purchases FOR EACH ROW EXECUTE FUNCTION credit_purchases_sales_by_day();
--> statement-breakpoint
-- Backfill, after the triggers exist (CREATE TRIGGER keeps writers out until this commits): one row a day.
INSERT INTO sales_by_day (day, bookings, takings_pence)
  SELECT day, sum(bookings), sum(pence) FROM (
    SELECT (created_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS bookings, 0 AS pence
      FROM bookings WHERE status IN ('confirmed', 'processing')
    UNION ALL
    SELECT (confirmed_at AT TIME ZONE 'Europe/London')::date, 0, final_pence
      FROM bookings WHERE status = 'confirmed' AND confirmed_at IS NOT NULL
    UNION ALL
    SELECT (paid_at AT TIME ZONE 'Europe/London')::date, 0, amount_pence
      FROM credit_purchases WHERE status = 'paid' AND paid_at IS NOT NULL
  ) r GROUP BY day;--> statement-breakpoint
ANALYZE "sales_by_day";
