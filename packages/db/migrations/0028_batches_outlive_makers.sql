-- A team's batch outlives its maker, like the workspace's other rows (docs/adr/0040-team-workspaces-outlive-their-members.md).
ALTER TABLE "batches" DROP CONSTRAINT "batches_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "batches" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;