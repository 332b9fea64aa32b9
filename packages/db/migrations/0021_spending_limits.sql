-- Credits belong to the workspace (docs/adr/0037-spending-limits.md): the balance is keyed by
-- workspace_id; user_id stays on a personal workspace's row and is null on a team's.
ALTER TABLE "user_credits" DROP CONSTRAINT "user_credits_pkey";--> statement-breakpoint
ALTER TABLE "user_credits" DROP CONSTRAINT "user_credits_workspace_id_unique";--> statement-breakpoint
ALTER TABLE "user_credits" ADD PRIMARY KEY ("workspace_id");--> statement-breakpoint
ALTER TABLE "user_credits" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Per-run caps, kept by the task for its next runs, and the run's model spend.
ALTER TABLE "tasks" ADD COLUMN "max_cost" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "max_steps" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "on_limit" text DEFAULT 'stop' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "max_cost" bigint;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "max_steps" integer;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "on_limit" text DEFAULT 'stop' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "model_cost" bigint;
--> statement-breakpoint
-- The workspace's monthly limit, the alerts sent once per threshold and month, and the model
-- spend kept in the ledger; a budget.threshold delivery comes on top of a run's own deliveries.
CREATE TABLE "budget_alerts" (
	"workspace_id" text NOT NULL,
	"month" text NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_alerts_workspace_id_month_threshold_pk" PRIMARY KEY("workspace_id","month","threshold")
);
--> statement-breakpoint
CREATE TABLE "workspace_spending_limits" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"monthly_limit" bigint NOT NULL,
	"alert_thresholds" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_one_pending_per_run";--> statement-breakpoint
DROP INDEX "webhook_deliveries_one_pending_per_run_webhook";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "model_cost" bigint;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_spending_limits" ADD CONSTRAINT "workspace_spending_limits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run" ON "webhook_deliveries" USING btree ("run_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."webhook_id" is null and "webhook_deliveries"."trigger" not in ('needs_person', 'budget_threshold');--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run_webhook" ON "webhook_deliveries" USING btree ("run_id","webhook_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."webhook_id" is not null and "webhook_deliveries"."trigger" not in ('needs_person', 'budget_threshold');