-- Prices by day and season (issue 38): each ticket type has a dated price per band of days. Every price a
-- venue set before is kept for both bands the product starts with, so no visit's price changes until an
-- admin sets an off-peak or peak price of its own.
ALTER TABLE "ticket_type_prices" ADD COLUMN "band_id" text DEFAULT 'peak' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type_prices" DROP CONSTRAINT "ticket_type_prices_ticket_type_id_from_date_pk";--> statement-breakpoint
ALTER TABLE "ticket_type_prices" ADD CONSTRAINT "ticket_type_prices_ticket_type_id_band_id_from_date_pk" PRIMARY KEY("ticket_type_id","band_id","from_date");--> statement-breakpoint
INSERT INTO "ticket_type_prices" ("ticket_type_id", "band_id", "from_date", "price_pence", "fee_pence", "created_by", "created_at")
  SELECT "ticket_type_id", 'off-peak', "from_date", "price_pence", "fee_pence", "created_by", "created_at"
  FROM "ticket_type_prices" WHERE "band_id" = 'peak';
