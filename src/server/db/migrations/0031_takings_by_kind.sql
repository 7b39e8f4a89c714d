-- Takings from every seller (issue 37): the Overview's revenue by kind, kept in sales_by_day (0021) as before.
-- A payment says when its money arrived; the day a party's deposit or balance counts. Party payments from
-- before this have the time of their last change (nothing better is kept); other payments need none.
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "paid_at" = "updated_at"
 WHERE "party_booking_id" IS NOT NULL AND "status" IN ('succeeded', 'refunded');--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "tickets_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "credit_bundles_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "parties_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "gift_vouchers_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One change of one kind of takings (and of bookings sold, which are tickets) on the London day of p_at:
-- takings_pence stays every kind's together, and the kind's own column says whose it is. A new kind
-- (memberships) is a column here, a trigger that calls this, and an entry in overview/takings-kinds.ts.
CREATE FUNCTION sales_by_day_take(p_at timestamptz, p_kind text, p_bookings integer, p_pence bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind NOT IN ('tickets', 'credit_bundles', 'parties', 'gift_vouchers') THEN
    RAISE EXCEPTION 'sales_by_day has no column for takings of kind %', p_kind;
  END IF;
  IF p_at IS NULL OR (p_bookings = 0 AND p_pence = 0) THEN
    RETURN;
  END IF;
  INSERT INTO sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                            gift_vouchers_pence)
    VALUES ((p_at AT TIME ZONE 'Europe/London')::date, p_bookings, p_pence,
            CASE WHEN p_kind = 'tickets' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'credit_bundles' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'parties' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'gift_vouchers' THEN p_pence ELSE 0 END);
END;
$$;
--> statement-breakpoint
-- Bookings, as 0021 counted them (sold on the day made; the card's part, final_pence, on the day confirmed),
-- and now what a gift voucher paid of a confirmed booking too, on the same day (overview/voucher-takings.ts
-- read it from bookings before): a booking cancelled, or whose voucher value went back, drops out of the
-- day it was counted on. A change that leaves a kind's day and amount as they were writes no row.
CREATE OR REPLACE FUNCTION bookings_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_sold boolean := TG_OP <> 'INSERT' AND OLD.status IN ('confirmed', 'processing');
  is_sold boolean := TG_OP <> 'DELETE' AND NEW.status IN ('confirmed', 'processing');
  old_card bigint := 0;
  new_card bigint := 0;
  old_voucher bigint := 0;
  new_voucher bigint := 0;
BEGIN
  IF was_sold IS DISTINCT FROM is_sold OR (is_sold AND OLD.created_at IS DISTINCT FROM NEW.created_at) THEN
    IF was_sold THEN
      PERFORM sales_by_day_take(OLD.created_at, 'tickets', -1, 0);
    END IF;
    IF is_sold THEN
      PERFORM sales_by_day_take(NEW.created_at, 'tickets', 1, 0);
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'confirmed' THEN
    old_card := OLD.final_pence;
    IF OLD.gift_voucher_state = 'spent' AND OLD.gift_voucher_pence > 0 THEN
      old_voucher := OLD.gift_voucher_pence;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'confirmed' THEN
    new_card := NEW.final_pence;
    IF NEW.gift_voucher_state = 'spent' AND NEW.gift_voucher_pence > 0 THEN
      new_voucher := NEW.gift_voucher_pence;
    END IF;
  END IF;
  IF old_card <> new_card OR (new_card <> 0 AND OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at) THEN
    PERFORM sales_by_day_take(OLD.confirmed_at, 'tickets', 0, -old_card);
    PERFORM sales_by_day_take(NEW.confirmed_at, 'tickets', 0, new_card);
  END IF;
  IF old_voucher <> new_voucher OR (new_voucher <> 0 AND OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at) THEN
    PERFORM sales_by_day_take(OLD.confirmed_at, 'gift_vouchers', 0, -old_voucher);
    PERFORM sales_by_day_take(NEW.confirmed_at, 'gift_vouchers', 0, new_voucher);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "bookings_sales_by_day" ON "bookings";--> statement-breakpoint
CREATE TRIGGER bookings_sales_by_day AFTER INSERT OR DELETE
  OR UPDATE OF status, created_at, confirmed_at, final_pence, gift_voucher_pence, gift_voucher_state
  ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_sales_by_day();
--> statement-breakpoint
-- Credit bundles, as 0021 counted them: paid ones on the day paid.
CREATE OR REPLACE FUNCTION credit_purchases_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_pence bigint := CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'paid' THEN OLD.amount_pence ELSE 0 END;
  new_pence bigint := CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'paid' THEN NEW.amount_pence ELSE 0 END;
BEGIN
  IF old_pence <> new_pence OR (new_pence <> 0 AND OLD.paid_at IS DISTINCT FROM NEW.paid_at) THEN
    PERFORM sales_by_day_take(OLD.paid_at, 'credit_bundles', 0, -old_pence);
    PERFORM sales_by_day_take(NEW.paid_at, 'credit_bundles', 0, new_pence);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP FUNCTION sales_by_day_add(timestamptz, integer, bigint);--> statement-breakpoint
-- Party deposits and balances paid by card, on the day paid (paid_at), less what went back: a refund (a
-- cancellation's, a late payment's, or one made in Stripe) comes off the day the money was counted, as a
-- cancelled booking's does, from the moment it is decided. Other payments are their seller's rows' business.
CREATE FUNCTION payments_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_pence bigint := 0;
  new_pence bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.party_booking_id IS NOT NULL AND OLD.status IN ('succeeded', 'refunded') THEN
    old_pence := greatest(OLD.amount_pence - OLD.refund_pence, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.party_booking_id IS NOT NULL AND NEW.status IN ('succeeded', 'refunded') THEN
    new_pence := greatest(NEW.amount_pence - NEW.refund_pence, 0);
  END IF;
  IF old_pence <> new_pence OR (new_pence <> 0 AND OLD.paid_at IS DISTINCT FROM NEW.paid_at) THEN
    PERFORM sales_by_day_take(OLD.paid_at, 'parties', 0, -old_pence);
    PERFORM sales_by_day_take(NEW.paid_at, 'parties', 0, new_pence);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_sales_by_day AFTER INSERT OR DELETE
  OR UPDATE OF status, paid_at, amount_pence, refund_pence, party_booking_id
  ON payments FOR EACH ROW EXECUTE FUNCTION payments_sales_by_day();
--> statement-breakpoint
-- What a gift voucher paid towards a party (the ledger is append-only): its value on the day spent; value
-- given back (a lapsed hold, a cancellation) comes off the days it was spent, the latest spend of that
-- voucher on that party first (as party-gift-voucher.ts gives it back), so no day goes below nothing.
-- Entries are dated by the ledger (created_at: the database's clock), as the liability report dates them.
CREATE FUNCTION gift_voucher_ledger_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'redeem' THEN
    PERFORM sales_by_day_take(NEW.created_at, 'gift_vouchers', 0, -NEW.amount_pence);
  ELSE
    PERFORM sales_by_day_take(s.created_at, 'gift_vouchers', 0,
                              -(least(s.upto, b.back + NEW.amount_pence) - greatest(s.upto + s.amount_pence, b.back)))
       FROM (SELECT created_at, amount_pence,
                    -sum(amount_pence) OVER (ORDER BY created_at DESC, id DESC ROWS UNBOUNDED PRECEDING) AS upto
               FROM gift_voucher_ledger
              WHERE party_booking_id = NEW.party_booking_id AND voucher_id = NEW.voucher_id AND kind = 'redeem') s,
            (SELECT coalesce(sum(amount_pence), 0) AS back
               FROM gift_voucher_ledger
              WHERE party_booking_id = NEW.party_booking_id AND voucher_id = NEW.voucher_id
                AND kind = 'refund_to_voucher' AND id <> NEW.id) b
      WHERE least(s.upto, b.back + NEW.amount_pence) > greatest(s.upto + s.amount_pence, b.back);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gift_voucher_ledger_sales_by_day AFTER INSERT ON gift_voucher_ledger FOR EACH ROW
  WHEN (NEW.party_booking_id IS NOT NULL AND NEW.kind IN ('redeem', 'refund_to_voucher'))
  EXECUTE FUNCTION gift_voucher_ledger_sales_by_day();
--> statement-breakpoint
-- Backfill, after the triggers exist (their DDL keeps writers out until this commits). The rows 0021's
-- triggers wrote are kept as they are (each day's sums stand) and told apart: a day's credit bundles on
-- its first row, the rest of its takings tickets. What was not counted before (gift voucher parts, parties)
-- is added, one row a day.
UPDATE sales_by_day s
   SET credit_bundles_pence = CASE WHEN s.id = f.id THEN coalesce(b.pence, 0) ELSE 0 END,
       tickets_pence = s.takings_pence - CASE WHEN s.id = f.id THEN coalesce(b.pence, 0) ELSE 0 END
  FROM (SELECT day, min(id) AS id FROM sales_by_day GROUP BY day) f
  LEFT JOIN (SELECT (paid_at AT TIME ZONE 'Europe/London')::date AS day, sum(amount_pence) AS pence
               FROM credit_purchases WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1) b ON b.day = f.day
 WHERE s.day = f.day;--> statement-breakpoint
INSERT INTO sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                          gift_vouchers_pence)
  SELECT day, 0, sum(parties) + sum(vouchers), 0, 0, sum(parties), sum(vouchers) FROM (
    SELECT (confirmed_at AT TIME ZONE 'Europe/London')::date AS day, 0 AS parties, gift_voucher_pence AS vouchers
      FROM bookings
     WHERE status = 'confirmed' AND confirmed_at IS NOT NULL AND gift_voucher_state = 'spent' AND gift_voucher_pence > 0
    UNION ALL
    SELECT (paid_at AT TIME ZONE 'Europe/London')::date, greatest(amount_pence - refund_pence, 0), 0
      FROM payments
     WHERE party_booking_id IS NOT NULL AND status IN ('succeeded', 'refunded') AND paid_at IS NOT NULL
    UNION ALL
    -- Each spend on a party, less what went back of it (newest spend first): overview/sales-by-day.ts.
    SELECT (s.created_at AT TIME ZONE 'Europe/London')::date, 0,
           -s.amount_pence - greatest(0, least(s.upto, coalesce(b.back, 0)) - (s.upto + s.amount_pence))
      FROM (SELECT party_booking_id, voucher_id, created_at, amount_pence,
                   -sum(amount_pence) OVER (PARTITION BY party_booking_id, voucher_id
                                            ORDER BY created_at DESC, id DESC ROWS UNBOUNDED PRECEDING) AS upto
              FROM gift_voucher_ledger WHERE party_booking_id IS NOT NULL AND kind = 'redeem') s
      LEFT JOIN (SELECT party_booking_id, voucher_id, sum(amount_pence) AS back
                   FROM gift_voucher_ledger WHERE party_booking_id IS NOT NULL AND kind = 'refund_to_voucher'
                  GROUP BY 1, 2) b
        ON b.party_booking_id = s.party_booking_id AND b.voucher_id = s.voucher_id
  ) r GROUP BY day HAVING sum(parties) <> 0 OR sum(vouchers) <> 0;--> statement-breakpoint
-- Every row's kinds add up to its takings from now on: a fold by a process older than this (a rolling
-- restart) writes takings without kinds and is refused, losing nothing, until that process restarts.
ALTER TABLE "sales_by_day" ADD CONSTRAINT "sales_by_day_kinds_add_up" CHECK ("sales_by_day"."takings_pence" = "sales_by_day"."tickets_pence" + "sales_by_day"."credit_bundles_pence" + "sales_by_day"."parties_pence" + "sales_by_day"."gift_vouchers_pence");--> statement-breakpoint
ANALYZE "sales_by_day";
