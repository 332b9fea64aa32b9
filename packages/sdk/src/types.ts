import type { ApiBody, ApiParams, ApiResult, Run, Step } from "@errand/contract";

export interface ErrandOptions {
  /** Your API key (the API keys page). Default: the ERRAND_API_KEY environment variable where there is one. */
  apiKey?: string;
  /** The Errand server, e.g. "https://errand.example.com". Default: ERRAND_URL, else http://localhost:3000. */
  baseUrl?: string;
  /** A fetch to use instead of the global one (a proxy agent, a test's fault injection). */
  fetch?: typeof fetch;
  /** Per attempt of a request, until the answer has arrived. Default 60 000. */
  timeoutMs?: number;
  /** Further attempts of a read or an idempotent creation after a network error, a timeout, 408, 429, 5xx. Default 2. */
  maxRetries?: number;
  /** Sent as User-Agent outside browsers (browsers set their own). */
  userAgent?: string;
}

export interface RequestOptions {
  /** Aborts the request (and its retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's timeoutMs for this request. */
  timeoutMs?: number;
  /** For creations: sent as Idempotency-Key, so a retried request creates one run. Generated when absent. */
  idempotencyKey?: string;
  /** Overrides the client's maxRetries for this request. */
  maxRetries?: number;
}

/** The body of POST /runs and POST /tasks/{id}/runs (the API's field names). */
export type CreateRunRequest = ApiBody<"createRun">;

/** The body of POST /automations/{slug}/runs: any of the automation's settings to replace, and the run's own (login, webhook, files, proxy). */
export type RunAutomationRequest = NonNullable<ApiBody<"runAutomation">>;

export type RunStreamEvent = { type: "step"; step: Step } | { type: "run"; run: Run };

export interface StreamOptions {
  signal?: AbortSignal;
  /** How often to read the run when the event stream is unavailable. Default 2000. */
  pollIntervalMs?: number;
}

/** How to wait for something that runs a while (a batch, an evaluation) to end. */
export interface WaitWhileRunningOptions<T> {
  signal?: AbortSignal;
  /** Give up waiting (ErrandTimeoutError) after this long; it keeps going. */
  timeoutMs?: number;
  pollIntervalMs?: number;
  /** Called with each reading. */
  onProgress?: (item: T) => void;
}

export interface WaitOptions {
  /** Give up waiting (ErrandTimeoutError) after this long; the run itself keeps going. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called once per step, in order, as steps happen. */
  onStep?: (step: Step) => void;
  pollIntervalMs?: number;
}

/**
 * Any schema with zod's `safeParse` (zod 3 or 4, valibot adapters...). The SDK does not bundle
 * zod: it validates through this method, and gets the JSON schema the agent is given from
 * `toJSONSchema()` (zod 4 schemas have it) unless you pass `json_schema` yourself.
 */
export interface SchemaLike<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
  toJSONSchema?: () => unknown;
}

export interface RunOptions<T> extends Omit<CreateRunRequest, "prompt">, WaitOptions {
  /** Ask for JSON checked by this schema: the finished run's `data` is the parsed, validated result. */
  schema?: SchemaLike<T>;
  idempotencyKey?: string;
}

/** A run that ended. `data`: on success, the parsed JSON result (json runs) or the result text; else null. */
export type FinishedRun<T = unknown> =
  | (Run & { status: "success"; data: T })
  | (Run & { status: "failed" | "error" | "cancelled"; data: null });

/** Whose screenshot: "runs" for a run's latest one, "steps" for one step's. */
export type ScreenshotOf = ApiParams<"getScreenshot">["type"];

export interface ScreenshotOptions extends RequestOptions {
  /** "runs" (the default): the id is a run's, and its latest screenshot is meant. "steps": the id is a step's. */
  type?: ScreenshotOf;
}

/** GET /{type}/{id}/screenshot: `signed_url`, a link to the image valid 10 minutes that needs no API key. */
export type ScreenshotUrl = ApiResult<"getScreenshot">;

/** Bytes read from a link, with their media type ("image/png", "image/jpeg"...). */
export interface Download {
  data: Uint8Array;
  /** From Content-Type, lower case and without parameters; "application/octet-stream" when absent. */
  contentType: string;
}

/** A screenshot's image. */
export type Screenshot = Download;

/** What files.upload sends: the file's name as a site's file field will receive it, and its bytes. */
export interface UploadFileRequest {
  /** E.g. "invoice.pdf": no folders. */
  name: string;
  /** The bytes, a Blob (its type is used when contentType is absent), or base64 text. At most 10 MB. */
  data: Uint8Array | ArrayBuffer | Blob | string;
  /** Its media type; guessed from the name when absent. */
  contentType?: string;
}
