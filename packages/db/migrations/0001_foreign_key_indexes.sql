CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_auth_context_idx" ON "tasks" USING btree ("auth_context_id");--> statement-breakpoint
CREATE INDEX "tasks_runs_auth_context_idx" ON "tasks_runs" USING btree ("auth_context_id");--> statement-breakpoint
CREATE INDEX "automations_run_idx" ON "automations" USING btree ("run_id");