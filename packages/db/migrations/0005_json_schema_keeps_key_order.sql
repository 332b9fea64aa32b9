ALTER TABLE "tasks" ALTER COLUMN "json_schema" SET DATA TYPE json USING "json_schema"::json;--> statement-breakpoint
ALTER TABLE "tasks_runs" ALTER COLUMN "json_schema" SET DATA TYPE json USING "json_schema"::json;--> statement-breakpoint
ALTER TABLE "automations" ALTER COLUMN "json_schema" SET DATA TYPE json USING "json_schema"::json;