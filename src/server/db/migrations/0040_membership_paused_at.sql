-- Issue 46: when a membership last became paused. A pause not paid within 60 days ends (renew-memberships.ts);
-- an admin's resume gives back the paid time the pause took. Memberships paused before this column existed
-- count from their last change, the best we know.
ALTER TABLE "memberships" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
UPDATE "memberships" SET "paused_at" = "updated_at" WHERE "status" = 'paused';
