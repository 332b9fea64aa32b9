ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_run_id_tasks_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "run_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "execution_seconds" double precision;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_run_id_tasks_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tasks_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What settled runs used, for the rows written before these columns existed.
UPDATE "credit_ledger" AS l SET "execution_seconds" = r."execution_time", "input_tokens" = r."input_tokens", "output_tokens" = r."output_tokens" FROM "tasks_runs" AS r WHERE r."id" = l."run_id";
