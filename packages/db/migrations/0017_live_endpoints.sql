CREATE TABLE "live_endpoints" (
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_endpoints_kind_target_id_pk" PRIMARY KEY("kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "live_endpoints" ADD CONSTRAINT "live_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_endpoints_address_idx" ON "live_endpoints" USING btree ("address");--> statement-breakpoint
CREATE INDEX "live_endpoints_expires_idx" ON "live_endpoints" USING btree ("expires_at");