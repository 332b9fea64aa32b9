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
