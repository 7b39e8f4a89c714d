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
ALTER TABLE "payments" ADD COLUMN "membership_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "membership_period" integer;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "membership_children" ADD CONSTRAINT "membership_children_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_children" ADD CONSTRAINT "membership_children_child_id_family_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."family_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_children_child_idx" ON "membership_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "memberships_email_idx" ON "memberships" USING btree ("email");--> statement-breakpoint
CREATE INDEX "memberships_due_idx" ON "memberships" USING btree ("current_period_end") WHERE status in ('active', 'past_due', 'cancelled');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_membership_period_idx" ON "payments" USING btree ("membership_id","membership_period");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK (num_nonnulls(booking_id, credit_purchase_id, party_booking_id, gift_voucher_id, membership_id) = 1);