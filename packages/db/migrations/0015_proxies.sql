CREATE TABLE "proxy_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"scheme" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"country" text,
	"username_ciphertext" text,
	"password_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"rotation" text DEFAULT 'round-robin' NOT NULL,
	"picks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "proxy" jsonb;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "proxy" jsonb;--> statement-breakpoint
ALTER TABLE "auth_contexts" ADD COLUMN "proxy" jsonb;--> statement-breakpoint
ALTER TABLE "proxy_entries" ADD CONSTRAINT "proxy_entries_pool_id_proxy_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."proxy_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_pools" ADD CONSTRAINT "proxy_pools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proxy_entries_pool_position_idx" ON "proxy_entries" USING btree ("pool_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_pools_user_name_idx" ON "proxy_pools" USING btree ("user_id","name");