DROP INDEX "inquiries_list_idx";--> statement-breakpoint
CREATE INDEX "inquiries_list_idx" ON "inquiries" USING btree ("source","responded","created_at" DESC NULLS FIRST);--> statement-breakpoint
ANALYZE "inquiries";