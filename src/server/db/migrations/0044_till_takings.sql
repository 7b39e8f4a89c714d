-- Issue 48: the Overview counts the counter till's takings. A till sale counts on the day it is paid (its
-- updated_at when it turned paid; a paid sale never changes after): its entry lines as tickets, its cafe and
-- shop lines as kinds of their own (cafe_pence, shop_pence), and what a gift voucher paid of it as
-- gift_vouchers (the voucher pays the entry first, then the cafe, then the shop, as a booking's voucher pays
-- its tickets). A refund comes off its kinds on the day it is made. overview/sales-by-day.ts counts the same.
ALTER TABLE "sales_by_day" DROP CONSTRAINT "sales_by_day_kinds_add_up";--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "cafe_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "shop_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD CONSTRAINT "sales_by_day_kinds_add_up" CHECK ("sales_by_day"."takings_pence" = "sales_by_day"."tickets_pence" + "sales_by_day"."credit_bundles_pence" + "sales_by_day"."parties_pence" + "sales_by_day"."gift_vouchers_pence" + "sales_by_day"."memberships_pence" + "sales_by_day"."cafe_pence" + "sales_by_day"."shop_pence");--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_by_day_take(p_at timestamptz, p_kind text, p_bookings integer, p_pence bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind NOT IN ('tickets', 'credit_bundles', 'parties', 'gift_vouchers', 'memberships', 'cafe', 'shop') THEN
    RAISE EXCEPTION 'sales_by_day has no column for takings of kind %', p_kind;
  END IF;
  IF p_at IS NULL OR (p_bookings = 0 AND p_pence = 0) THEN
    RETURN;
  END IF;
  INSERT INTO sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                            gift_vouchers_pence, memberships_pence, cafe_pence, shop_pence)
    VALUES ((p_at AT TIME ZONE 'Europe/London')::date, p_bookings, p_pence,
            CASE WHEN p_kind = 'tickets' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'credit_bundles' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'parties' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'gift_vouchers' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'memberships' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'cafe' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'shop' THEN p_pence ELSE 0 END);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION till_sales_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e bigint;
  c bigint;
  s bigint;
  ve bigint;
  vc bigint;
BEGIN
  SELECT coalesce(sum(total_pence) FILTER (WHERE kind = 'entry'), 0),
         coalesce(sum(total_pence) FILTER (WHERE kind = 'cafe'), 0),
         coalesce(sum(total_pence) FILTER (WHERE kind = 'shop'), 0)
    INTO e, c, s FROM till_sale_lines WHERE sale_id = NEW.id;
  ve := least(NEW.voucher_pence, e);
  vc := least(NEW.voucher_pence - ve, c);
  PERFORM sales_by_day_take(NEW.updated_at, 'tickets', 0, e - ve);
  PERFORM sales_by_day_take(NEW.updated_at, 'cafe', 0, c - vc);
  PERFORM sales_by_day_take(NEW.updated_at, 'shop', 0, s - (NEW.voucher_pence - ve - vc));
  PERFORM sales_by_day_take(NEW.updated_at, 'gift_vouchers', 0, NEW.voucher_pence);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER till_sales_sales_by_day AFTER UPDATE OF status ON till_sales FOR EACH ROW
  WHEN (NEW.status = 'paid' AND OLD.status <> 'paid')
  EXECUTE FUNCTION till_sales_sales_by_day();
--> statement-breakpoint
CREATE FUNCTION till_refunds_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_by_day_take(NEW.created_at, CASE WHEN x.kind = 'entry' THEN 'tickets' ELSE x.kind END, 0, -sum(x.pence))
     FROM jsonb_to_recordset(NEW.lines) AS x(kind text, pence int)
    GROUP BY x.kind;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER till_refunds_sales_by_day AFTER INSERT ON till_refunds FOR EACH ROW
  EXECUTE FUNCTION till_refunds_sales_by_day();
