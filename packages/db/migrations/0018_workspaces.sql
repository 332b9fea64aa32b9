CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"personal_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_user_id_unique" UNIQUE("personal_user_id"),
	CONSTRAINT "workspaces_personal_is_its_owner" CHECK (("workspaces"."kind" = 'personal' and "workspaces"."personal_user_id" = "workspaces"."id") or ("workspaces"."kind" = 'team' and "workspaces"."personal_user_id" is null))
);--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_user_id_users_id_fk" FOREIGN KEY ("personal_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
-- Every account gets its personal workspace, whose id is the account's id, and is its owner (docs/adr/0031-workspaces-and-roles.md).
INSERT INTO "workspaces" ("id", "name", "kind", "personal_user_id", "created_at") SELECT "id", 'Personal', 'personal', "id", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "profiles" SET "workspace_id" = "id";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_credits" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "user_credits" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "user_credits" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "credit_ledger" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "transactions" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "tasks" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "tasks_runs" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "tasks_runs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "task_schedules" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "task_schedules" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_contexts" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "auth_contexts" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "auth_contexts" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "credentials" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "credentials" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_pools" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "proxy_pools" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "proxy_pools" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "files" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "workspace_id" text;--> statement-breakpoint
-- Each row lands in its owner's personal workspace.
UPDATE "webhooks" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "credentials_user_name_idx";--> statement-breakpoint
DROP INDEX "proxy_pools_user_name_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD CONSTRAINT "tasks_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_contexts" ADD CONSTRAINT "auth_contexts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_pools" ADD CONSTRAINT "proxy_pools_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_workspace_created_idx" ON "credit_ledger" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_workspace_status_created_idx" ON "transactions" USING btree ("workspace_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_workspace_created_idx" ON "tasks" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_runs_workspace_created_idx" ON "tasks_runs" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_schedules_workspace_idx" ON "task_schedules" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "auth_contexts_workspace_name_idx" ON "auth_contexts" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_workspace_name_idx" ON "credentials" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "credentials_user_idx" ON "credentials" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_pools_workspace_name_idx" ON "proxy_pools" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "proxy_pools_user_idx" ON "proxy_pools" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "files_workspace_created_idx" ON "files" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhooks_workspace_created_idx" ON "webhooks" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_workspace_id_unique" UNIQUE("workspace_id");
