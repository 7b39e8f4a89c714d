CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"ticket_type_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"unit_fee_pence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"visit_date" date NOT NULL,
	"session_id" text,
	"special_requests" text DEFAULT '' NOT NULL,
	"loyalty_opt_in" boolean NOT NULL,
	"places" integer NOT NULL,
	"places_held" boolean DEFAULT true NOT NULL,
	"original_pence" integer NOT NULL,
	"final_pence" integer NOT NULL,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"credit_savings_pence" integer DEFAULT 0 NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"ticket_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_ticket_token_unique" UNIQUE("ticket_token")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text DEFAULT 'booking' NOT NULL,
	"booking_id" uuid,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"client_secret" text,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_status" text,
	"refund_pence" integer DEFAULT 0 NOT NULL,
	"refund_reason" text,
	"refund_id" text,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id")
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_occupancy" (
	"visit_date" date NOT NULL,
	"session_id" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "session_occupancy_visit_date_session_id_pk" PRIMARY KEY("visit_date","session_id")
);
--> statement-breakpoint
CREATE TABLE "session_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"session_id" text,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"email" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"refund_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_payments_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_session_times_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_occupancy" ADD CONSTRAINT "session_occupancy_session_id_session_times_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_restrictions" ADD CONSTRAINT "session_restrictions_session_id_session_times_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_lines_booking_idx" ON "booking_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_visit_idx" ON "bookings" USING btree ("visit_date","status");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE places_held and status in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at") WHERE status in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_status") WHERE refund_status = 'pending';--> statement-breakpoint
CREATE INDEX "session_restrictions_date_idx" ON "session_restrictions" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_payments_idem_idx" ON "test_provider_payments" USING btree ("idempotency_key");--> statement-breakpoint
ANALYZE "booking_lines";--> statement-breakpoint
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "payments";--> statement-breakpoint
ANALYZE "session_restrictions";--> statement-breakpoint
ANALYZE "test_provider_payments";