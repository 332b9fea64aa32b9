import type {
  ApiBody,
  ApiResult,
  CreatedRun,
  ErrandFile,
  FailureKind,
  RecentRuns,
  Run,
  RunLimits,
  RunMessage,
  RunTrace,
  SessionRecording,
  Step,
} from "@errand/contract";
import { API_ROUTES, operationPath } from "@errand/contract/routes";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import { newIdempotencyKey } from "../retry-policy.ts";
import { streamRun } from "../run-stream.ts";
import { readScreenshot, screenshotType } from "../screenshots.ts";
import type {
  CreateRunRequest,
  RequestOptions,
  RunStreamEvent,
  Screenshot,
  ScreenshotOptions,
  ScreenshotUrl,
  StreamOptions,
  WaitOptions,
} from "../types.ts";
import { waitForRun } from "../wait-for-run.ts";

/** Runs: create one from a prompt, read it and its steps, follow it live, wait for it, cancel it. */
export class Runs extends Resource {
  /**
   * POST /runs: creates a task from the prompt and queues its first run; resolves with the run
   * (read back with GET /runs/{id}). Retried safely: an Idempotency-Key is generated when none is given.
   */
  async create(body: CreateRunRequest, options: RequestOptions = {}): Promise<Run> {
    const created = await this.start(body, options);
    return this.get(created.id, { signal: options.signal, timeoutMs: options.timeoutMs });
  }

  /**
   * POST /runs without reading the run back: its id, task, status and time limit, as soon as it
   * is queued. Retried safely like create.
   */
  start(body: CreateRunRequest, options: RequestOptions = {}): Promise<CreatedRun> {
    return callOperation(this.http, "createRun", { body }, { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() });
  }

  /** GET /runs/{id}: the run with its status and result. */
  get(id: string, options?: RequestOptions): Promise<Run> {
    return callOperation(this.http, "getRun", { params: { id } }, options);
  }

  /** GET /runs/{id}/steps: the run's steps so far, oldest first. */
  async steps(id: string, options?: RequestOptions): Promise<Step[]> {
    return (await callOperation(this.http, "listRunSteps", { params: { id } }, options)).steps;
  }

  /** GET /runs?limit=N: your latest runs across tasks, newest first (1 to 50; the server's default when absent). */
  async list(query: { limit?: number; failure_kind?: FailureKind[] } = {}, options?: RequestOptions): Promise<RecentRuns["runs"]> {
    const failure_kind = query.failure_kind?.length ? query.failure_kind.join(",") : undefined;
    return (await callOperation(this.http, "listRecentRuns", { query: { limit: query.limit, failure_kind } }, options)).runs;
  }

  /** GET /runs/{id}/files: the uploads the run was given, then the files sites sent during it (with their step_number). */
  async files(id: string, options?: RequestOptions): Promise<ErrandFile[]> {
    return (await callOperation(this.http, "listRunFiles", { params: { id } }, options)).data;
  }

  /** GET /runs/{id}/har: the run's requests and responses as HAR 1.2 (cookies, credentials and the run's secrets removed, no bodies). */
  async har(id: string, options?: RequestOptions): Promise<RunHar> {
    return JSON.parse(new TextDecoder().decode(await this.bytes("getRunHar", id, options))) as RunHar;
  }

  /** GET /runs/{id}/trace: the run's spans and each step's time split into model, browser and waiting. */
  trace(id: string, options?: RequestOptions): Promise<RunTrace> {
    return callOperation(this.http, "getRunTrace", { params: { id } }, options);
  }

  /** GET /runs/{id}/bundle: a ZIP of the run, its steps, screenshots, HAR, trace and recording (when it has one). */
  async bundle(id: string, options?: RequestOptions): Promise<ArrayBuffer> {
    const data = await this.bytes("getRunBundle", id, options);
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  }

  private async bytes(operation: "getRunHar" | "getRunBundle", id: string, options?: RequestOptions): Promise<Uint8Array> {
    const { path } = API_ROUTES[operation];
    return (await this.http.requestBytes({ method: "GET", path: operationPath(path, { id }) }, options)).data;
  }

  /**
   * POST /runs/{id}/messages: tells a running agent something; it reads it before its next step
   * and that step's record acknowledges it (409 ErrandError when the run had already ended).
   */
  sendMessage(id: string, text: string, options?: RequestOptions): Promise<RunMessage> {
    return callOperation(this.http, "sendRunMessage", { params: { id }, body: { text } }, options);
  }

  /** GET /runs/{id}/messages: the messages sent to the run's agent, oldest first, each with the step that read it. */
  async messages(id: string, options?: RequestOptions): Promise<RunMessage[]> {
    return (await callOperation(this.http, "listRunMessages", { params: { id } }, options)).messages;
  }

  /** POST /runs/{id}/cancel: stops a pending run (409 ErrandError when it had already ended). */
  cancel(id: string, options?: RequestOptions): Promise<Run> {
    return callOperation(this.http, "cancelRun", { params: { id } }, options);
  }

  /**
   * PATCH /runs/{id}/limits: changes a pending run's cost and step limits (null removes one); the
   * run sees them after its current step, so a run waiting at its limit goes on once it is raised.
   */
  setLimits(id: string, limits: ApiBody<"setRunLimits">, options?: RequestOptions): Promise<RunLimits> {
    return callOperation(this.http, "setRunLimits", { params: { id }, body: limits }, options);
  }

  /**
   * POST /runs/{id}/approval: approves the action the run waits on (its `needs_approval`); the
   * agent then does it. A 409 ErrandError when nothing waits (docs/adr/0048-approval-before-irreversible-actions.md).
   */
  approve(id: string, note?: string, options?: RequestOptions): Promise<ApiResult<"answerRunApproval">> {
    return this.answerApproval(id, "approve", note, options);
  }

  /** POST /runs/{id}/approval with deny: the agent does not do it, and reads `note` in its next step. */
  deny(id: string, note?: string, options?: RequestOptions): Promise<ApiResult<"answerRunApproval">> {
    return this.answerApproval(id, "deny", note, options);
  }

  private answerApproval(id: string, decision: "approve" | "deny", note: string | undefined, options?: RequestOptions) {
    return callOperation(this.http, "answerRunApproval", { params: { id }, body: { decision, ...(note ? { note } : {}) } }, options);
  }

  /**
   * GET /{type}/{id}/screenshot: a signed link (valid 10 minutes, no key needed) to a run's latest
   * screenshot, or with `{ type: "steps" }` to a step's. A 404 ErrandError when there is none.
   */
  screenshotUrl(id: string, options: ScreenshotOptions = {}): Promise<ScreenshotUrl> {
    const { type = "runs", ...request } = options;
    return callOperation(this.http, "getScreenshot", { params: { type: screenshotType(type), id } }, request);
  }

  /**
   * GET /runs/{id}/recording: the run's session recording, every tab as rrweb events with the time
   * each step started, for rrweb's Replayer. A 404 ErrandError says why there is none (turned off, still running, older).
   */
  recording(id: string, options?: RequestOptions): Promise<SessionRecording> {
    return callOperation(this.http, "getRunRecording", { params: { id } }, options);
  }

  /** The screenshot's image (bytes and media type), read through its signed link: the API key goes only to the API. */
  async screenshot(id: string, options: ScreenshotOptions = {}): Promise<Screenshot> {
    return readScreenshot(this.http, (await this.screenshotUrl(id, options)).signed_url, options);
  }

  /**
   * The run's steps, each once and in order, and its updates; ends after the run has ended (the
   * ended run is the last event). Server-Sent Events, resumed after a dropped connection, polled
   * when the stream is unavailable. Breaking out of the loop closes the connection.
   */
  stream(id: string, options?: StreamOptions): AsyncIterable<RunStreamEvent> {
    return streamRun(this.http, this, id, options);
  }

  /** Resolves with the run once it has ended (any final status); onStep sees each step as it happens. */
  wait(id: string, options?: WaitOptions): Promise<Run> {
    return waitForRun((streamOptions) => this.stream(id, streamOptions), options);
  }
}

/** A run's HAR: HAR 1.2's log, each entry as HAR describes it (http://www.softwareishard.com/blog/har-12-spec/). */
export interface RunHar {
  log: { version: string; creator: { name: string; version: string }; comment?: string; entries: Record<string, unknown>[] };
}
