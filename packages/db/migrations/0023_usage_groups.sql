-- Usage by member, API key and tag (docs/adr/0039-usage-by-member-key-and-tag.md): tasks get tags,
-- a run remembers the named key that started it, and its ledger row keeps both when it settles.
ALTER TABLE "credit_ledger" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD CONSTRAINT "tasks_runs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;