CREATE INDEX "check_ins_walk_in_idx" ON "check_ins" USING btree ("visit_date") WHERE walk_in_name is not null;--> statement-breakpoint
CREATE INDEX "inquiries_list_idx" ON "inquiries" USING btree ("source","responded","created_at");--> statement-breakpoint
ANALYZE "check_ins";--> statement-breakpoint
ANALYZE "inquiries";