-- Issue 46: which tickets are a child's of which ages, and which one a credit pays for, are the catalogue's (no
-- ticket id is written in code); a member card can be replaced (card_version); a staff move can leave money due
-- (due_pence). A database from before keeps what the code assumed of its seeded types: the baby ticket for
-- under-ones, the child ticket for 1-12 (the one a credit pays for).
ALTER TABLE "bookings" ADD COLUMN "due_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "card_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "age_from" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "age_to" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "paid_by_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "ticket_types" SET "age_from" = 0, "age_to" = 0 WHERE "id" = 'child-0-1';--> statement-breakpoint
UPDATE "ticket_types" SET "age_from" = 1, "age_to" = 12, "paid_by_credit" = true WHERE "id" = 'child-1-12';