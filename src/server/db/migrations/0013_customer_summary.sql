CREATE TABLE "customer_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"refs" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_totals" (
	"shard" integer PRIMARY KEY NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Overview's "total customers" (overview/dashboard-stats.ts) kept as it changes, not counted over all history:
-- customer_emails holds each address with how many qualifying rows name it (bookings confirmed or processing,
-- by lower(customer_email); credit purchases paid, by email), customer_totals the number of those addresses in
-- 16 shards (one row would serialise every first booking of a new family). Triggers write both in the
-- transaction that changes a booking or purchase (paid, cancelled, refunded, anonymised, erased), so the
-- summary cannot drift from the rows; an address whose last row goes is deleted, so an erased address
-- leaves nothing behind.
CREATE FUNCTION customer_ref(p_email text, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  IF p_email IS NULL THEN
    RETURN;
  END IF;
  IF p_delta > 0 THEN
    INSERT INTO customer_emails AS c (email, refs) VALUES (p_email, 1)
      ON CONFLICT (email) DO UPDATE SET refs = c.refs + 1
      RETURNING c.refs INTO n;
    IF n = 1 THEN
      INSERT INTO customer_totals AS t (shard, customers) VALUES (hashtext(p_email) & 15, 1)
        ON CONFLICT (shard) DO UPDATE SET customers = t.customers + 1;
    END IF;
  ELSE
    UPDATE customer_emails SET refs = refs - 1 WHERE email = p_email RETURNING refs INTO n;
    IF n = 0 THEN
      DELETE FROM customer_emails WHERE email = p_email;
      UPDATE customer_totals SET customers = customers - 1 WHERE shard = hashtext(p_email) & 15;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_customer_ref() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status IN ('confirmed', 'processing') THEN
      old_key := lower(OLD.customer_email);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status IN ('confirmed', 'processing') THEN
      new_key := lower(NEW.customer_email);
    END IF;
  END IF;
  IF old_key IS DISTINCT FROM new_key THEN
    PERFORM customer_ref(old_key, -1);
    PERFORM customer_ref(new_key, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_customer_ref AFTER INSERT OR DELETE OR UPDATE OF status, customer_email ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_customer_ref();
--> statement-breakpoint
CREATE FUNCTION credit_purchases_customer_ref() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'paid' THEN
      old_key := OLD.email;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'paid' THEN
      new_key := NEW.email;
    END IF;
  END IF;
  IF old_key IS DISTINCT FROM new_key THEN
    PERFORM customer_ref(old_key, -1);
    PERFORM customer_ref(new_key, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_purchases_customer_ref AFTER INSERT OR DELETE OR UPDATE OF status, email ON credit_purchases
  FOR EACH ROW EXECUTE FUNCTION credit_purchases_customer_ref();
--> statement-breakpoint
-- Backfill, after the triggers exist: CREATE TRIGGER holds a lock that keeps writers out until this commits.
INSERT INTO customer_emails (email, refs)
  SELECT email, count(*) FROM (
    SELECT lower(customer_email) AS email FROM bookings WHERE status IN ('confirmed', 'processing')
    UNION ALL
    SELECT email FROM credit_purchases WHERE status = 'paid'
  ) r GROUP BY email;
--> statement-breakpoint
INSERT INTO customer_totals (shard, customers)
  SELECT hashtext(email) & 15, count(*) FROM customer_emails GROUP BY 1;
