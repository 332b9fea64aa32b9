ALTER TABLE "workspaces" ADD COLUMN "recording_retention_days" integer;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "recording_deleted_after_days" integer;