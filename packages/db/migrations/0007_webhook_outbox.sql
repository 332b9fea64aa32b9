CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_run_idx";--> statement-breakpoint
-- endpoint and trigger become NOT NULL once the rows from before this migration are filled in (below).
ALTER TABLE "webhook_deliveries" ADD COLUMN "endpoint" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "trigger" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
-- Until now each row was one attempt. Each run's rows become one delivery (the row of its first
-- attempt) holding those attempts.
INSERT INTO "webhook_attempts" ("delivery_id", "attempt", "status_code", "error", "duration_ms", "created_at")
SELECT first_value(d."id") OVER w, row_number() OVER w, d."status_code", d."error", d."duration_ms", d."created_at"
FROM "webhook_deliveries" d
WINDOW w AS (PARTITION BY d."run_id" ORDER BY d."attempt", d."created_at", d."id");--> statement-breakpoint
DELETE FROM "webhook_deliveries" d WHERE NOT EXISTS (SELECT 1 FROM "webhook_attempts" a WHERE a."delivery_id" = d."id");--> statement-breakpoint
-- The endpoint is the URL's origin (scheme, host, and the port unless it is the default one).
UPDATE "webhook_deliveries" d SET
	"endpoint" = regexp_replace(regexp_replace(regexp_replace(lower(substring(d."url" from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*')), '^([a-z0-9+.-]+://)[^@]*@', '\1'), '^(https://.*):443$', '\1'), '^(http://.*):80$', '\1'),
	"trigger" = 'run_finished',
	"attempts" = (SELECT count(*) FROM "webhook_attempts" a WHERE a."delivery_id" = d."id"),
	"finished_at" = (SELECT max(a."created_at") FROM "webhook_attempts" a WHERE a."delivery_id" = d."id"),
	"status" = CASE WHEN EXISTS (SELECT 1 FROM "webhook_attempts" a WHERE a."delivery_id" = d."id" AND a."status_code" BETWEEN 200 AND 299) THEN 'delivered' ELSE 'failed' END,
	"status_reason" = CASE WHEN EXISTS (SELECT 1 FROM "webhook_attempts" a WHERE a."delivery_id" = d."id" AND a."status_code" BETWEEN 200 AND 299) THEN NULL
		ELSE coalesce(
			(SELECT a."error" FROM "webhook_attempts" a WHERE a."delivery_id" = d."id" AND a."error" LIKE 'Refused:%' LIMIT 1),
			'Gave up after ' || (SELECT count(*) FROM "webhook_attempts" a WHERE a."delivery_id" = d."id") || ' attempt(s)'
		) END;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "endpoint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "trigger" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_attempt_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_one_pending_per_run" ON "webhook_deliveries" USING btree ("run_id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_run_idx" ON "webhook_deliveries" USING btree ("run_id","created_at");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "attempt";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "status_code";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "error";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "duration_ms";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_pending_is_scheduled" CHECK ("webhook_deliveries"."status" <> 'pending' or "webhook_deliveries"."next_attempt_at" is not null);--> statement-breakpoint
-- Webhooks pg-boss still meant to deliver (queue "webhook", retried for 2 minutes before this
-- migration) continue as pending deliveries here.
DO $$
BEGIN
	IF to_regclass('pgboss.job') IS NOT NULL THEN
		UPDATE "webhook_deliveries" d SET "status" = 'pending', "status_reason" = NULL, "finished_at" = NULL, "next_attempt_at" = now()
		WHERE d."status" = 'failed' AND d."run_id" IN (
			SELECT (j.data->>'runId')::uuid FROM pgboss.job j WHERE j.name = 'webhook' AND j.state::text IN ('created', 'retry', 'active')
		);
		INSERT INTO "webhook_deliveries" ("run_id", "url", "endpoint", "trigger", "status", "next_attempt_at")
		SELECT r."id", r."webhook_url",
			regexp_replace(regexp_replace(regexp_replace(lower(substring(r."webhook_url" from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*')), '^([a-z0-9+.-]+://)[^@]*@', '\1'), '^(https://.*):443$', '\1'), '^(http://.*):80$', '\1'),
			'run_finished', 'pending', now()
		FROM "tasks_runs" r
		WHERE r."webhook_url" IS NOT NULL
			AND r."id" IN (SELECT (j.data->>'runId')::uuid FROM pgboss.job j WHERE j.name = 'webhook' AND j.state::text IN ('created', 'retry', 'active'))
			AND NOT EXISTS (SELECT 1 FROM "webhook_deliveries" d WHERE d."run_id" = r."id");
		DELETE FROM pgboss.job WHERE name = 'webhook' AND state::text IN ('created', 'retry', 'active');
	END IF;
END $$;
