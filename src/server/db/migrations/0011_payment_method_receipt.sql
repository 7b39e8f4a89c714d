ALTER TABLE "payments" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_url" text;