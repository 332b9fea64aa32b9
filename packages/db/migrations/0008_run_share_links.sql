ALTER TABLE "tasks_runs" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD CONSTRAINT "tasks_runs_share_token_unique" UNIQUE("share_token");