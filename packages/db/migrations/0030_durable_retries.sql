-- Durable retries (docs/adr/0045-durable-retries.md): the transaction that ends a run records that its
-- task's policy wants a retry; the one that starts the retry clears it, and a sweep starts those left.
ALTER TABLE "tasks_runs" ADD COLUMN "retry_pending_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_runs_retry_pending_idx" ON "tasks_runs" USING btree ("retry_pending_since") WHERE "tasks_runs"."retry_pending_since" is not null;