-- The Overview figures and charts read sales_by_day (0021): the indexes that summed bookings and takings per
-- day have no reader left, and each cost a write on every booking or bundle.
DROP INDEX "bookings_sold_created_idx";--> statement-breakpoint
DROP INDEX "bookings_confirmed_idx";--> statement-breakpoint
DROP INDEX "credit_purchases_paid_idx";