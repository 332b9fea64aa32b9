-- Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md): what a
-- task and its runs ask a person to approve, the action a run waits on, and the answer it waits for.
ALTER TABLE "tasks" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "pending_approval" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "approval_reply" jsonb;