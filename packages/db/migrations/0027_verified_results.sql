-- Verified results (docs/adr/0043-verified-results.md): tasks and runs carry checks, a task a retry
-- policy; a run keeps how its answer was verified and the first run of the chain it retries.
ALTER TABLE "tasks" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "retry" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "verification" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD CONSTRAINT "tasks_runs_retry_of_tasks_runs_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."tasks_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_runs_retry_of_idx" ON "tasks_runs" USING btree ("retry_of");