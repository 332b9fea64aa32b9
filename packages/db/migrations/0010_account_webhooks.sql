CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text,
	"secret_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_has_events" CHECK (cardinality("webhooks"."events") > 0)
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_one_pending_per_run";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "run_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "webhook_id" uuid;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_user_created_idx" ON "webhooks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run_webhook" ON "webhook_deliveries" USING btree ("run_id","webhook_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."webhook_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run" ON "webhook_deliveries" USING btree ("run_id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."webhook_id" is null;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_run_unless_test" CHECK (("webhook_deliveries"."trigger" = 'test') = ("webhook_deliveries"."run_id" is null) and ("webhook_deliveries"."trigger" <> 'test' or "webhook_deliveries"."webhook_id" is not null));