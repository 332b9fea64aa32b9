-- Evaluations (docs/adr/0044-evaluations.md): a suite of cases run against one or more models,
-- one cell (and one run, marked with its evaluation) per case x model.
CREATE TABLE "evaluation_cells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"case_index" integer NOT NULL,
	"model_index" integer NOT NULL,
	"model" text NOT NULL,
	"run_id" uuid,
	"outcome" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"workspace_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"api_key_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"suite" jsonb NOT NULL,
	"models" text[] NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"concurrency" integer NOT NULL,
	"total_cases" integer NOT NULL,
	"idempotency_key" text,
	"share_token" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "evaluation_id" uuid;--> statement-breakpoint
ALTER TABLE "evaluation_cells" ADD CONSTRAINT "evaluation_cells_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_cells" ADD CONSTRAINT "evaluation_cells_run_id_tasks_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."tasks_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_cells_place_idx" ON "evaluation_cells" USING btree ("evaluation_id","case_index","model_index");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_cells_run_idx" ON "evaluation_cells" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "evaluations_workspace_created_idx" ON "evaluations" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_task_idx" ON "evaluations" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "evaluations_user_idx" ON "evaluations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "evaluations_api_key_idx" ON "evaluations" USING btree ("api_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_workspace_key_idx" ON "evaluations" USING btree ("workspace_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "evaluations_running_idx" ON "evaluations" USING btree ("id") WHERE "evaluations"."status" = 'running';--> statement-breakpoint
CREATE INDEX "tasks_runs_evaluation_idx" ON "tasks_runs" USING btree ("evaluation_id") WHERE "tasks_runs"."evaluation_id" is not null;