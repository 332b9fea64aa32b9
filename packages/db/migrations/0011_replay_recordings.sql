CREATE TABLE "task_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"extraction" jsonb NOT NULL,
	"source_run_id" uuid,
	"origin_seconds" double precision NOT NULL,
	"origin_input_tokens" integer NOT NULL,
	"origin_output_tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "always_use_agent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "mode" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "execution" jsonb;--> statement-breakpoint
ALTER TABLE "task_recordings" ADD CONSTRAINT "task_recordings_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_recordings" ADD CONSTRAINT "task_recordings_source_run_id_tasks_runs_id_fk" FOREIGN KEY ("source_run_id") REFERENCES "public"."tasks_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_recordings_task_version_idx" ON "task_recordings" USING btree ("task_id","version");--> statement-breakpoint
CREATE INDEX "task_recordings_source_run_idx" ON "task_recordings" USING btree ("source_run_id");