CREATE TABLE "task_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"cron" text NOT NULL,
	"time_zone" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_run_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_schedules_task_id_unique" UNIQUE("task_id")
);
--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_last_run_id_tasks_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."tasks_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_schedules_due_idx" ON "task_schedules" USING btree ("next_run_at") WHERE not "task_schedules"."paused";--> statement-breakpoint
CREATE INDEX "task_schedules_user_idx" ON "task_schedules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_schedules_last_run_idx" ON "task_schedules" USING btree ("last_run_id");