-- Messages to a running agent and allowed domains (docs/adr/0049-messages-and-allowed-domains.md).
CREATE TABLE "run_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_run_id" uuid NOT NULL,
	"user_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"read_in_step" integer
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "default_allowed_domains" text[];--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "allowed_domains" text[];--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "allowed_domains" text[];--> statement-breakpoint
ALTER TABLE "run_messages" ADD CONSTRAINT "run_messages_task_run_id_tasks_runs_id_fk" FOREIGN KEY ("task_run_id") REFERENCES "public"."tasks_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_messages" ADD CONSTRAINT "run_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_messages_run_created_idx" ON "run_messages" USING btree ("task_run_id","created_at");