import { ErrandConnectionError, ErrandError, ErrandTimeoutError, errorFromResponse, RateLimitError } from "./errors.ts";
import { mayRepeat, retryDelayMs, type Attempt } from "./retry-policy.ts";
import { abortReason, linkedController, sleep } from "./signals.ts";
import type { Download, RequestOptions } from "./types.ts";

export const SDK_VERSION = "0.1.0";
export const API_PREFIX = "/api/v1";

export interface ClientConfig {
  apiKey: string | undefined;
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxRetries: number;
  userAgent: string | undefined;
}

export type Query = Record<string, string | number | undefined>;

export interface Call {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Below /api/v1, e.g. "/runs/abc". */
  path: string;
  query?: Query;
  body?: unknown;
  /** With a text body: sent as is with this content type (e.g. a YAML suite) instead of as JSON. */
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends API calls: authentication, JSON, typed errors, timeouts, cancellation and safe retries. */
export class HttpClient {
  readonly config: ClientConfig;
  constructor(config: ClientConfig) {
    this.config = config;
  }

  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
    const qs = search.toString();
    return `${this.config.baseUrl}${API_PREFIX}${path}${qs ? `?${qs}` : ""}`;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json", ...extra };
    if (this.config.apiKey) headers["x-api-key"] = this.config.apiKey;
    // Browsers set (and guard) their own User-Agent.
    if ((globalThis as { document?: unknown }).document === undefined)
      headers["user-agent"] = this.config.userAgent ?? `errand-sdk/${SDK_VERSION}`;
    return headers;
  }

  /** The parsed JSON answer (undefined for 204). Throws ErrandError and its kinds for error answers. */
  async request<T>(call: Call, options: RequestOptions = {}): Promise<T> {
    const headers = this.headers(call.headers);
    const raw = call.contentType !== undefined && typeof call.body === "string";
    if (call.body !== undefined) headers["content-type"] = raw ? call.contentType! : "application/json";
    if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    const body = call.body === undefined ? undefined : raw ? (call.body as string) : JSON.stringify(call.body);
    const repeatable = mayRepeat(call.method, options.idempotencyKey);
    return (await this.send(this.url(call.path, call.query), { method: call.method, headers, body }, repeatable, options, readJson)) as T;
  }

  /** An API call answered with bytes (GET /files/{id}/content): sent with the key, retried like reads. */
  async requestBytes(call: Call, options: RequestOptions = {}): Promise<Download> {
    const headers = this.headers({ accept: "*/*", ...call.headers });
    return (await this.send(
      this.url(call.path, call.query),
      { method: call.method, headers },
      mayRepeat(call.method, undefined),
      options,
      readBytes,
    )) as Download;
  }

  /**
   * GETs a URL outside the API, such as a signed screenshot link: the API key is never sent (the
   * link may be on another host, and needs none). Resolves with the body's bytes; retried like reads.
   */
  async download(url: string, options: RequestOptions = {}): Promise<Download> {
    const headers: Record<string, string> = {};
    if ((globalThis as { document?: unknown }).document === undefined)
      headers["user-agent"] = this.config.userAgent ?? `errand-sdk/${SDK_VERSION}`;
    return (await this.send(url, { method: "GET", headers }, true, options, readBytes)) as Download;
  }

  private async send(url: string, init: RequestInit, repeatable: boolean, options: RequestOptions, read: BodyReader): Promise<unknown> {
    const maxRetries = repeatable ? (options.maxRetries ?? this.config.maxRetries) : 0;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    for (let retry = 0; ; retry++) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      const outcome = await this.attempt(url, init, timeoutMs, options.signal, read);
      if (outcome.ok) return outcome.value;
      const delay = retry < maxRetries ? retryDelayMs(outcome.attempt, retry + 1) : null;
      if (delay === null) throw outcome.error;
      await sleep(delay, options.signal);
    }
  }

  /**
   * Opens a streaming answer (Server-Sent Events): the timeout covers only the wait for its headers.
   * No retries here; the caller decides. Non-2xx answers throw their typed error.
   */
  async open(path: string, init: { headers?: Record<string, string>; signal: AbortSignal; timeoutMs?: number }): Promise<Response> {
    const { controller, release } = linkedController(init.signal);
    const timer = setTimeout(
      () => controller.abort(new ErrandTimeoutError("The server did not answer in time")),
      init.timeoutMs ?? this.config.timeoutMs,
    );
    try {
      // On success the link to init.signal stays: it also ends the body being read.
      const response = await this.config.fetch(this.url(path), { headers: this.headers(init.headers), signal: controller.signal });
      if (!response.ok) throw await errorFromResponse(response);
      return response;
    } catch (error) {
      release();
      if (init.signal.aborted) throw abortReason(init.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      if (error instanceof ErrandError) throw error;
      throw asConnectionError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempt(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    read: BodyReader,
  ): Promise<{ ok: true; value: unknown } | { ok: false; attempt: Attempt; error: Error }> {
    const { controller, release } = linkedController(signal);
    const timedOut = new ErrandTimeoutError(`No answer within ${timeoutMs} ms`);
    const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
    try {
      const response = await this.config.fetch(url, { ...init, signal: controller.signal });
      if (!response.ok) {
        const error: ErrandError = await errorFromResponse(response);
        const retryAfterSeconds = error instanceof RateLimitError ? error.retryAfterSeconds : retryAfterOf(response);
        return { ok: false, attempt: { kind: "status", status: response.status, retryAfterSeconds }, error };
      }
      // The body is read under the same timeout and signal.
      const body = await read(response);
      if (body instanceof ErrandError) return { ok: false, attempt: { kind: "status", status: 0, retryAfterSeconds: null }, error: body };
      return { ok: true, value: body };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (controller.signal.reason === timedOut) return { ok: false, attempt: { kind: "timeout" }, error: timedOut };
      return { ok: false, attempt: { kind: "network" }, error: asConnectionError(error) };
    } finally {
      clearTimeout(timer);
      release();
    }
  }
}

/** Reads a 2xx answer's body: its value, or the ErrandError to throw for an answer that is not what was asked for. */
type BodyReader = (response: Response) => Promise<unknown>;

async function readJson(response: Response): Promise<unknown> {
  const text = response.status === 204 ? "" : await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    // A 2xx that is not JSON: something between us and the server answered (a captive portal, a proxy).
    return new ErrandError(response.status, "invalid_response", "The answer was not JSON: is baseUrl an Errand server?");
  }
}

async function readBytes(response: Response): Promise<Download> {
  const contentType = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() || "application/octet-stream";
  return { data: new Uint8Array(await response.arrayBuffer()), contentType };
}

function retryAfterOf(response: Response): number | null {
  const value = response.headers.get("retry-after");
  const seconds = value === null ? NaN : Number(value);
  return Number.isFinite(seconds) ? seconds : null;
}

function asConnectionError(error: unknown): Error {
  if (error instanceof ErrandConnectionError || error instanceof ErrandTimeoutError) return error;
  // fetch's TypeError says little ("fetch failed"); its cause says which (refused, reset, DNS).
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return new ErrandConnectionError(`Could not reach the Errand server (${detail})`, { cause: error });
}
