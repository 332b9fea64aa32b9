-- Session recordings (docs/adr/0047-session-recordings.md): a task or run may turn its recording off; null is the server's default.
ALTER TABLE "tasks" ADD COLUMN "recording" boolean;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "recording" boolean;
