-- Batches (docs/adr/0041-batches.md): a saved task run over rows of parameters, each row one run;
-- a batch_finished webhook delivery carries no run (its batch id is its detail).
CREATE TABLE "batch_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"workspace_id" text NOT NULL,
	"index" integer NOT NULL,
	"params" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"run_id" uuid,
	"outcome" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"api_key_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"status_reason" text,
	"concurrency" integer NOT NULL,
	"inputs" text[] NOT NULL,
	"total_rows" integer NOT NULL,
	"idempotency_key" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_run_unless_test";--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_run_id_tasks_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tasks_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_rows_batch_index_idx" ON "batch_rows" USING btree ("batch_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_rows_workspace_key_idx" ON "batch_rows" USING btree ("workspace_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_rows_run_idx" ON "batch_rows" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "batches_workspace_created_idx" ON "batches" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batches_task_idx" ON "batches" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "batches_user_idx" ON "batches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "batches_api_key_idx" ON "batches" USING btree ("api_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_workspace_key_idx" ON "batches" USING btree ("workspace_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "batches_running_idx" ON "batches" USING btree ("id") WHERE "batches"."status" = 'running';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_run_unless_test" CHECK (("webhook_deliveries"."trigger" in ('test', 'batch_finished')) = ("webhook_deliveries"."run_id" is null) and ("webhook_deliveries"."trigger" not in ('test', 'batch_finished') or "webhook_deliveries"."webhook_id" is not null));