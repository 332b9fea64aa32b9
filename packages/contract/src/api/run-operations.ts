import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import { createRunResponseSchema, runSchema, runSettingsSchema, stepSchema } from "../runs.ts";
import { recentRunsSchema, SCREENSHOT_TYPES, screenshotResponseSchema } from "../tasks.ts";
import { runControlRequestSchema, runControlSchema, runLiveSchema } from "../auth-contexts.ts";
import { WEBHOOK_DELIVERY_RULES, webhookDeliveriesSchema, webhookDeliverySchema } from "../webhooks.ts";
import { runShareSchema } from "../sharing.ts";
import { runLimitsPatchSchema, runLimitsSchema } from "../run-limits.ts";
import { failureKindsQuerySchema } from "../failure-kinds.ts";
import { area, byId, commonErrors, created, idempotencyHeaders, idParam, jsonBody, jsonContent, noContent, ok } from "./describe.ts";

const op = area(["Runs"]);
/** Said on both creations: what `files` does. */
const FILES =
  "`files` names uploads (POST /files) the agent may put into the page's file fields during this run; each must be one of your uploads, else 400. Files sites send during the run are kept with it: GET /runs/{id}/files.";
const refused = {
  402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
  429: jsonContent(apiErrorSchema, "Too many runs waiting or running for this account (PENDING_RUNS_PER_ACCOUNT), or too many requests"),
};
const notLive = {
  409: jsonContent(apiErrorSchema, "The run is not executing in this server's process (not started, ended, or on another worker)"),
  503: jsonContent(apiErrorSchema, "This server has no browser"),
};
/** How a receiver should treat deliveries: said on both webhook operations. */
const AT_LEAST_ONCE = `A run with a \`webhook_url\` gets a signed POST (\`errand-signature\`) when it ends. ${WEBHOOK_DELIVERY_RULES}`;
const SHARING =
  "Anyone with the link sees a read-only replay of the run at /shared/{token}: its prompt, steps, screenshots and result, without your account, webhook or saved login. Admin-only Make Public (the marketplace demo) is separate.";

export const runStepsSchema = z.object({ steps: z.array(stepSchema) });
export const taskRunsSchema = z.object({ runs: z.array(runSchema) });
export const runPublicSchema = z.object({ id: z.uuid(), public: z.boolean() });
export const recentRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
  failure_kind: failureKindsQuerySchema.optional(),
});
/** GET /tasks/{id}/runs: the task's runs, optionally only those that ended with given failure kinds. */
export const taskRunsQuerySchema = z.object({ failure_kind: failureKindsQuerySchema.optional() });
export const screenshotParams = z.object({
  type: z.enum(SCREENSHOT_TYPES, { error: "type must be runs or steps" }),
  id: z.uuid({ error: "id must be a UUID" }),
});

export const runOperations = {
  createRun: op("createRun", {
    summary: "Create a task from a prompt and run it",
    description: FILES,
    request: { body: jsonBody(runSettingsSchema), headers: idempotencyHeaders },
    responses: created(createRunResponseSchema, "The run was queued", refused),
  }),
  createTaskRun: op("createTaskRun", {
    summary: "Run a saved task again",
    description: FILES,
    request: { params: idParam, body: jsonBody(runSettingsSchema), headers: idempotencyHeaders },
    responses: created(createRunResponseSchema, "The run was queued", refused),
  }),
  listRecentRuns: op("listRecentRuns", {
    summary: "Your latest runs across tasks, newest first",
    description:
      "`failure_kind=a,b` keeps only the runs that ended with one of those failure kinds (e.g. `navigation_blocked,time_limit`).",
    request: { query: recentRunsQuerySchema },
    responses: ok(recentRunsSchema, "The runs"),
  }),
  getRun: op("getRun", { summary: "A run with its status and result", request: byId, responses: ok(runSchema, "The run") }),
  listRunSteps: op("listRunSteps", { summary: "A run's steps, oldest first", request: byId, responses: ok(runStepsSchema, "The steps") }),
  listTaskRuns: op("listTaskRuns", {
    summary: "A task's runs, newest first",
    description: "`failure_kind=a,b` keeps only the runs that ended with one of those failure kinds.",
    request: { params: idParam, query: taskRunsQuerySchema },
    responses: ok(taskRunsSchema, "The runs"),
  }),
  cancelRun: op("cancelRun", {
    summary: "Stop a pending run",
    request: byId,
    responses: ok(runSchema, "The cancelled run", { 409: jsonContent(apiErrorSchema, "The run had already ended") }),
  }),
  setRunLimits: op("setRunLimits", {
    summary: "Change a running run's cost and step limits",
    description:
      "The worker reads the new limits after the run's current step: a raised limit lets a run that waits at its limit (on_limit ask, needs_person set) go on; a lowered one stops it with a reason naming the limit. A field left out keeps its value; null removes that limit.",
    request: { params: idParam, body: jsonBody(runLimitsPatchSchema) },
    responses: ok(runLimitsSchema, "The run's limits now", { 409: jsonContent(apiErrorSchema, "The run has already ended") }),
  }),
  streamRunEvents: op("streamRunEvents", {
    summary: "Live steps and status as Server-Sent Events (send Last-Event-ID to resume)",
    request: byId,
    responses: { 200: { description: "text/event-stream of `step` and `run` events" }, ...commonErrors },
  }),
  streamAccountEvents: op("streamAccountEvents", {
    summary: "Live steps and status of all your runs as Server-Sent Events, one stream for every page of a browser",
    description:
      "`step` (a step; task_run_id names its run), `run` (a run), `ping` every 15 s, and `resync` (events may have been missed: read your runs again). There is no replay: after connecting, read the runs you show.",
    responses: { 200: { description: "text/event-stream of `step`, `run`, `ping` and `resync` events" }, ...commonErrors },
  }),
  makeRunPublic: op("makeRunPublic", {
    summary: "Publish one of your runs as a demo (admins only)",
    request: byId,
    responses: ok(runPublicSchema, "The run is public", { 403: jsonContent(apiErrorSchema, "Not an admin") }),
  }),
  openRunLive: op("openRunLive", {
    summary: "Watch a running run's browser live",
    description:
      "Returns `debug_url`, the live viewer of the run's browser with a short-lived token. It only watches until you take control.",
    request: byId,
    responses: ok(runLiveSchema, "The viewer link", notLive),
  }),
  setRunController: op("setRunController", {
    summary: "Take control of a running run's browser, or hand it back",
    description:
      "`take`: the agent pauses after its current step and the live viewer becomes interactive (for a captcha or a one-time code). `release`: the agent resumes with a fresh look at the page. Time in your control is not counted in the session timeout nor charged.",
    request: { params: idParam, body: jsonBody(runControlRequestSchema) },
    responses: ok(runControlSchema, "Who has control now", notLive),
  }),
  listWebhookDeliveries: op("listWebhookDeliveries", {
    summary: "A run's webhook deliveries and every attempt",
    description: `${AT_LEAST_ONCE} Each attempt shows when it was sent, the status code or error, and the response time; a pending delivery shows when its next attempt is planned.`,
    request: byId,
    responses: ok(webhookDeliveriesSchema, "The deliveries, newest first"),
  }),
  redeliverWebhook: op("redeliverWebhook", {
    summary: "Send a finished run's webhook again",
    description: `${AT_LEAST_ONCE} A redelivery is a new delivery with a new id (a receiver that deduplicates does not drop it), its own attempts and its own retries; a delivery of the run still pending stops and is marked \`replaced\`.`,
    request: byId,
    responses: created(webhookDeliverySchema, "The new delivery, due now", {
      409: jsonContent(apiErrorSchema, "The run has no webhook URL, or has not finished"),
    }),
  }),
  getRunShare: op("getRunShare", {
    summary: "A run's share link, if it is shared",
    request: byId,
    responses: ok(runShareSchema, "The link, or url null when the run is not shared"),
  }),
  shareRun: op("shareRun", {
    summary: "Share one of your runs by link",
    description: `${SHARING} A run already shared keeps its link; after DELETE, sharing again makes a new link.`,
    request: byId,
    responses: ok(runShareSchema.extend({ url: z.string() }), "The share link"),
  }),
  unshareRun: op("unshareRun", {
    summary: "Stop sharing a run",
    description: "The link stops working at once (404 for whoever opens it). Unsharing a run that is not shared is fine.",
    request: byId,
    responses: noContent("Not shared any more"),
  }),
  getScreenshot: op("getScreenshot", {
    summary: "A signed URL (valid 10 minutes) of a run's latest screenshot or of a step's",
    request: { params: screenshotParams },
    responses: ok(screenshotResponseSchema, "The signed URL", { 404: jsonContent(apiErrorSchema, "No screenshot") }),
  }),
};
