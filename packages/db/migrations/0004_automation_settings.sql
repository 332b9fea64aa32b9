ALTER TABLE "automations" ADD COLUMN "prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "initial_url" text;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "response_format" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "json_schema" jsonb;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "session_timeout" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;