CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_credits" ADD COLUMN "held_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_credits" ADD COLUMN "held_free_prompts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "hold_kind" text;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "held_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "credit_limit_seconds" integer;--> statement-breakpoint
-- Balances overdrawn before holds existed (concurrent run creations) are forgiven: no balance may be below zero.
UPDATE "user_credits" SET "credits" = 0 WHERE "credits" < 0;--> statement-breakpoint
UPDATE "user_credits" SET "free_prompts" = 0 WHERE "free_prompts" < 0;--> statement-breakpoint
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_held_within_balance" CHECK ("user_credits"."held_credits" >= 0 and "user_credits"."credits" >= "user_credits"."held_credits");--> statement-breakpoint
ALTER TABLE "user_credits" ADD CONSTRAINT "user_credits_held_free_prompts_within" CHECK ("user_credits"."held_free_prompts" >= 0 and "user_credits"."free_prompts" >= "user_credits"."held_free_prompts");