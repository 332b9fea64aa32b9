DROP INDEX "webhook_deliveries_one_pending_per_run";--> statement-breakpoint
DROP INDEX "webhook_deliveries_one_pending_per_run_webhook";--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "needs_person" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "detail" text;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run" ON "webhook_deliveries" USING btree ("run_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."webhook_id" is null and "webhook_deliveries"."trigger" <> 'needs_person';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run_webhook" ON "webhook_deliveries" USING btree ("run_id","webhook_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."webhook_id" is not null and "webhook_deliveries"."trigger" <> 'needs_person';