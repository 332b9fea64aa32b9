-- Failure kinds (docs/adr/0042-failure-kinds.md): a run that did not succeed says why as a kind
-- from the contract's closed list. Runs that ended before get the kind their stored message
-- names (the messages the agent, the worker and the services wrote), else `unknown`. The ledger
-- keeps the kind of each charged run, so usage by kind outlives a deleted task's runs.
ALTER TABLE "credit_ledger" ADD COLUMN "failure_kind" text;--> statement-breakpoint
ALTER TABLE "tasks_runs" ADD COLUMN "failure_kind" text;--> statement-breakpoint
UPDATE "tasks_runs" SET "failure_kind" = CASE
  WHEN "status" = 'cancelled' THEN 'cancelled'
  WHEN "status_reason" LIKE 'The task did not finish within the session timeout%' THEN 'time_limit'
  WHEN "status_reason" LIKE '%your credits covered no more%' OR "status_reason" LIKE 'Stopped: reached its cost limit%'
    OR "status_reason" LIKE 'Stopped: the token budget%' THEN 'budget_exhausted'
  WHEN "status_reason" LIKE 'Stopped: reached its step limit%' OR "status_reason" LIKE 'Stopped after reaching the maximum of%' THEN 'step_limit'
  WHEN "status_reason" LIKE '%challenge that the agent cannot solve%' THEN 'captcha_unsolved'
  WHEN "status_reason" LIKE '%No person took control within%' OR "status_reason" LIKE '%No person can take control of this run%' THEN 'person_needed_timeout'
  WHEN "status_reason" LIKE 'The model call failed%' OR "status_reason" LIKE 'The model could not be reached%'
    OR "status_reason" LIKE '%provider is not configured on this server%' OR "status_reason" LIKE 'No model is configured on this server%'
    OR "status_reason" LIKE 'Unknown model provider%' THEN 'model_error'
  WHEN "status_reason" LIKE 'The browser tab kept crashing%' OR "status_reason" LIKE 'The page could not be read after several attempts%' THEN 'page_error'
  WHEN "status_reason" LIKE 'The agent could not complete the task:%' THEN 'agent_gave_up'
  WHEN "status_reason" LIKE 'Stopped after % consecutive failed steps%' OR "status_reason" LIKE 'Stopped: the agent repeated the same action%' THEN 'agent_stuck'
  WHEN "status_reason" LIKE '%did not fit the JSON schema%' OR "status_reason" LIKE 'The agent did not give its answer as JSON%'
    OR "status_reason" LIKE 'There was no JSON schema%' THEN 'invalid_answer'
  WHEN "status_reason" LIKE 'The task''s JSON schema%' OR "status_reason" LIKE '%The run did not start and was not charged.' THEN 'setup_problem'
  WHEN "status_reason" LIKE 'The worker running this task stopped responding%' OR "status_reason" LIKE 'The worker was shut down%' THEN 'interrupted'
  WHEN "status_reason" LIKE 'Internal error%' OR "status_reason" LIKE 'The run stopped because of an internal error%'
    OR "status_reason" LIKE 'The browser closed unexpectedly%' OR "status_reason" LIKE 'Every tab was closed%'
    OR "status_reason" LIKE 'No worker picked up this run%' OR "status_reason" LIKE 'The run could not be queued%' THEN 'internal'
  ELSE 'unknown'
END
WHERE "status" IN ('failed', 'error', 'cancelled');--> statement-breakpoint
UPDATE "credit_ledger" SET "failure_kind" = r."failure_kind" FROM "tasks_runs" r WHERE r."id" = "credit_ledger"."run_id" AND r."failure_kind" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_runs_workspace_failure_idx" ON "tasks_runs" USING btree ("workspace_id","failure_kind","created_at" DESC NULLS LAST) WHERE "tasks_runs"."failure_kind" is not null;
