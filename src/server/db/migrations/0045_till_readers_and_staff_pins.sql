CREATE TABLE "staff_pins" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_reader_payments" (
	"sale_id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_reader_payments_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "till_readers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_reader_id" text NOT NULL,
	"stripe_location_id" text NOT NULL,
	"label" text NOT NULL,
	"device_type" text NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_readers_stripe_reader_id_unique" UNIQUE("stripe_reader_id")
);
--> statement-breakpoint
ALTER TABLE "staff_pins" ADD CONSTRAINT "staff_pins_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;