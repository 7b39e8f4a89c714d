-- Memberships (issue 40): a family's plan and the named children it covers; its payments are payments rows
-- (membership_id, one per period). Their takings count on the Overview as their own kind (memberships_pence).
CREATE SEQUENCE "public"."membership_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "membership_children" (
	"membership_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "membership_children_membership_id_child_id_pk" PRIMARY KEY("membership_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_number" integer DEFAULT nextval('membership_number_seq') NOT NULL,
	"email" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan" jsonb NOT NULL,
	"price_pence" integer NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"periods_paid" integer DEFAULT 0 NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"renewal_attempts" integer DEFAULT 0 NOT NULL,
	"next_renewal_attempt_at" timestamp with time zone,
	"joined_at" timestamp with time zone NOT NULL,
	"cooling_off_until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"status_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_member_number_unique" UNIQUE("member_number"),
	CONSTRAINT "memberships_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "memberships_price_positive" CHECK (price_pence > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_one_subject";--> statement-breakpoint
ALTER TABLE "sales_by_day" DROP CONSTRAINT "sales_by_day_kinds_add_up";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "membership_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "membership_period" integer;--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD COLUMN "memberships_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "membership_children" ADD CONSTRAINT "membership_children_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_children" ADD CONSTRAINT "membership_children_child_id_family_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."family_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_children_child_idx" ON "membership_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "memberships_email_idx" ON "memberships" USING btree ("email");--> statement-breakpoint
CREATE INDEX "memberships_due_idx" ON "memberships" USING btree ("current_period_end") WHERE status in ('active', 'past_due', 'cancelled');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_membership_period_idx" ON "payments" USING btree ("membership_id","membership_period");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK (num_nonnulls(booking_id, credit_purchase_id, party_booking_id, gift_voucher_id, membership_id) = 1);--> statement-breakpoint
ALTER TABLE "sales_by_day" ADD CONSTRAINT "sales_by_day_kinds_add_up" CHECK ("sales_by_day"."takings_pence" = "sales_by_day"."tickets_pence" + "sales_by_day"."credit_bundles_pence" + "sales_by_day"."parties_pence" + "sales_by_day"."gift_vouchers_pence" + "sales_by_day"."memberships_pence");--> statement-breakpoint
-- sales_by_day_take (0031) learns the memberships kind.
CREATE OR REPLACE FUNCTION sales_by_day_take(p_at timestamptz, p_kind text, p_bookings integer, p_pence bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind NOT IN ('tickets', 'credit_bundles', 'parties', 'gift_vouchers', 'memberships') THEN
    RAISE EXCEPTION 'sales_by_day has no column for takings of kind %', p_kind;
  END IF;
  IF p_at IS NULL OR (p_bookings = 0 AND p_pence = 0) THEN
    RETURN;
  END IF;
  INSERT INTO sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                            gift_vouchers_pence, memberships_pence)
    VALUES ((p_at AT TIME ZONE 'Europe/London')::date, p_bookings, p_pence,
            CASE WHEN p_kind = 'tickets' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'credit_bundles' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'parties' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'gift_vouchers' THEN p_pence ELSE 0 END,
            CASE WHEN p_kind = 'memberships' THEN p_pence ELSE 0 END);
END;
$$;
--> statement-breakpoint
-- Party payments as 0031 counted them, and membership payments the same way: on the day paid (paid_at),
-- less what went back (a cooling-off refund comes off the day the money was counted).
CREATE OR REPLACE FUNCTION payments_sales_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_kind text;
  new_kind text;
  old_pence bigint := 0;
  new_pence bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_kind := CASE WHEN OLD.party_booking_id IS NOT NULL THEN 'parties'
                     WHEN OLD.membership_id IS NOT NULL THEN 'memberships' END;
    IF old_kind IS NOT NULL AND OLD.status IN ('succeeded', 'refunded') THEN
      old_pence := greatest(OLD.amount_pence - OLD.refund_pence, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_kind := CASE WHEN NEW.party_booking_id IS NOT NULL THEN 'parties'
                     WHEN NEW.membership_id IS NOT NULL THEN 'memberships' END;
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
  OR UPDATE OF status, paid_at, amount_pence, refund_pence, party_booking_id, membership_id
  ON payments FOR EACH ROW EXECUTE FUNCTION payments_sales_by_day();
--> statement-breakpoint
ANALYZE "membership_children";--> statement-breakpoint
ANALYZE "memberships";--> statement-breakpoint
ANALYZE "payments";
