import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import { createRunResponseSchema, runSchema, runSettingsSchema, stepSchema } from "../runs.ts";
import { recentRunsSchema, SCREENSHOT_TYPES, screenshotResponseSchema } from "../tasks.ts";
import { runControlRequestSchema, runControlSchema, runLiveSchema } from "../auth-contexts.ts";
import { WEBHOOK_DELIVERY_RULES, webhookDeliveriesSchema, webhookDeliverySchema } from "../webhooks.ts";
import { runShareSchema } from "../sharing.ts";
import { commonErrors, idempotencyHeaders, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Runs"];
const queued = jsonContent(createRunResponseSchema, "The run was queued");
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
export const recentRunsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).optional() });
export const screenshotParams = z.object({
  type: z.enum(SCREENSHOT_TYPES, { error: "type must be runs or steps" }),
  id: z.uuid({ error: "id must be a UUID" }),
});

export const runOperations = {
  createRun: operation("createRun", {
    tags,
    summary: "Create a task from a prompt and run it",
    description: FILES,
    request: { body: jsonBody(runSettingsSchema), headers: idempotencyHeaders },
    responses: { 201: queued, ...refused, ...commonErrors },
  }),
  createTaskRun: operation("createTaskRun", {
    tags,
    summary: "Run a saved task again",
    description: FILES,
    request: { params: idParam, body: jsonBody(runSettingsSchema), headers: idempotencyHeaders },
    responses: { 201: queued, ...refused, ...commonErrors },
  }),
  listRecentRuns: operation("listRecentRuns", {
    tags,
    summary: "Your latest runs across tasks, newest first",
    request: { query: recentRunsQuerySchema },
    responses: { 200: jsonContent(recentRunsSchema, "The runs"), ...commonErrors },
  }),
  getRun: operation("getRun", {
    tags,
    summary: "A run with its status and result",
    request: { params: idParam },
    responses: { 200: jsonContent(runSchema, "The run"), ...commonErrors },
  }),
  listRunSteps: operation("listRunSteps", {
    tags,
    summary: "A run's steps, oldest first",
    request: { params: idParam },
    responses: { 200: jsonContent(runStepsSchema, "The steps"), ...commonErrors },
  }),
  listTaskRuns: operation("listTaskRuns", {
    tags,
    summary: "A task's runs, newest first",
    request: { params: idParam },
    responses: { 200: jsonContent(taskRunsSchema, "The runs"), ...commonErrors },
  }),
  cancelRun: operation("cancelRun", {
    tags,
    summary: "Stop a pending run",
    request: { params: idParam },
    responses: {
      200: jsonContent(runSchema, "The cancelled run"),
      409: jsonContent(apiErrorSchema, "The run had already ended"),
      ...commonErrors,
    },
  }),
  streamRunEvents: operation("streamRunEvents", {
    tags,
    summary: "Live steps and status as Server-Sent Events (send Last-Event-ID to resume)",
    request: { params: idParam },
    responses: { 200: { description: "text/event-stream of `step` and `run` events" }, ...commonErrors },
  }),
  streamAccountEvents: operation("streamAccountEvents", {
    tags,
    summary: "Live steps and status of all your runs as Server-Sent Events, one stream for every page of a browser",
    description:
      "`step` (a step; task_run_id names its run), `run` (a run), `ping` every 15 s, and `resync` (events may have been missed: read your runs again). There is no replay: after connecting, read the runs you show.",
    responses: { 200: { description: "text/event-stream of `step`, `run`, `ping` and `resync` events" }, ...commonErrors },
  }),
  makeRunPublic: operation("makeRunPublic", {
    tags,
    summary: "Publish one of your runs as a demo (admins only)",
    request: { params: idParam },
    responses: {
      200: jsonContent(runPublicSchema, "The run is public"),
      403: jsonContent(apiErrorSchema, "Not an admin"),
      ...commonErrors,
    },
  }),
  openRunLive: operation("openRunLive", {
    tags,
    summary: "Watch a running run's browser live",
    description:
      "Returns `debug_url`, the live viewer of the run's browser with a short-lived token. It only watches until you take control.",
    request: { params: idParam },
    responses: { 200: jsonContent(runLiveSchema, "The viewer link"), ...notLive, ...commonErrors },
  }),
  setRunController: operation("setRunController", {
    tags,
    summary: "Take control of a running run's browser, or hand it back",
    description:
      "`take`: the agent pauses after its current step and the live viewer becomes interactive (for a captcha or a one-time code). `release`: the agent resumes with a fresh look at the page. Time in your control is not counted in the session timeout nor charged.",
    request: { params: idParam, body: jsonBody(runControlRequestSchema) },
    responses: { 200: jsonContent(runControlSchema, "Who has control now"), ...notLive, ...commonErrors },
  }),
  listWebhookDeliveries: operation("listWebhookDeliveries", {
    tags,
    summary: "A run's webhook deliveries and every attempt",
    description: `${AT_LEAST_ONCE} Each attempt shows when it was sent, the status code or error, and the response time; a pending delivery shows when its next attempt is planned.`,
    request: { params: idParam },
    responses: { 200: jsonContent(webhookDeliveriesSchema, "The deliveries, newest first"), ...commonErrors },
  }),
  redeliverWebhook: operation("redeliverWebhook", {
    tags,
    summary: "Send a finished run's webhook again",
    description: `${AT_LEAST_ONCE} A redelivery is a new delivery with a new id (a receiver that deduplicates does not drop it), its own attempts and its own retries; a delivery of the run still pending stops and is marked \`replaced\`.`,
    request: { params: idParam },
    responses: {
      201: jsonContent(webhookDeliverySchema, "The new delivery, due now"),
      409: jsonContent(apiErrorSchema, "The run has no webhook URL, or has not finished"),
      ...commonErrors,
    },
  }),
  getRunShare: operation("getRunShare", {
    tags,
    summary: "A run's share link, if it is shared",
    request: { params: idParam },
    responses: { 200: jsonContent(runShareSchema, "The link, or url null when the run is not shared"), ...commonErrors },
  }),
  shareRun: operation("shareRun", {
    tags,
    summary: "Share one of your runs by link",
    description: `${SHARING} A run already shared keeps its link; after DELETE, sharing again makes a new link.`,
    request: { params: idParam },
    responses: { 200: jsonContent(runShareSchema.extend({ url: z.string() }), "The share link"), ...commonErrors },
  }),
  unshareRun: operation("unshareRun", {
    tags,
    summary: "Stop sharing a run",
    description: "The link stops working at once (404 for whoever opens it). Unsharing a run that is not shared is fine.",
    request: { params: idParam },
    responses: { 204: { description: "Not shared any more" }, ...commonErrors },
  }),
  getScreenshot: operation("getScreenshot", {
    tags,
    summary: "A signed URL (valid 10 minutes) of a run's latest screenshot or of a step's",
    request: { params: screenshotParams },
    responses: {
      200: jsonContent(screenshotResponseSchema, "The signed URL"),
      ...commonErrors,
      404: jsonContent(apiErrorSchema, "No screenshot"),
    },
  }),
};
