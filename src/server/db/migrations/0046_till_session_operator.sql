-- Who sells on a till session now (issue 48, quick switching): the opener until a switch hands it over.
-- Sessions already there are operated by whoever opened them.
ALTER TABLE "till_sessions" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD COLUMN "operator_account" uuid;--> statement-breakpoint
UPDATE "till_sessions" SET "operator" = "opened_by", "operator_account" = "opened_by_account";--> statement-breakpoint
ALTER TABLE "till_sessions" ALTER COLUMN "operator" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "till_sessions" ALTER COLUMN "operator_account" SET NOT NULL;
