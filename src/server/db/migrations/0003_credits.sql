CREATE TABLE "credit_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"credits" integer NOT NULL,
	"purchase_id" uuid,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "credit_ledger_credits_positive" CHECK (credits > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"savings_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_purchases_credits_positive" CHECK (credits > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credits_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_email_credit_accounts_email_fk" FOREIGN KEY ("email") REFERENCES "public"."credit_accounts"("email") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_purchase_id_credit_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."credit_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_email_idx" ON "credit_ledger" USING btree ("email");--> statement-breakpoint
CREATE INDEX "credit_ledger_booking_idx" ON "credit_ledger" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_grant_once_idx" ON "credit_ledger" USING btree ("purchase_id") WHERE kind = 'grant';--> statement-breakpoint
CREATE INDEX "credit_purchases_email_idx" ON "credit_purchases" USING btree ("email","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_purchase_id_credit_purchases_id_fk" FOREIGN KEY ("credit_purchase_id") REFERENCES "public"."credit_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_credit_purchase_idx" ON "payments" USING btree ("credit_purchase_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_subject" CHECK ((booking_id is null) <> (credit_purchase_id is null));--> statement-breakpoint
ANALYZE "credit_ledger";--> statement-breakpoint
ANALYZE "credit_purchases";--> statement-breakpoint
ANALYZE "payments";