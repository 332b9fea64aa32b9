import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { xmlValue } from "./s3-xml.ts";

export interface S3Options {
  /** The store's endpoint, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** true: http://host/bucket/key (MinIO, most self-hosted stores); false: http://bucket.host/key. */
  forcePathStyle: boolean;
  /** Each request's limit, retries included (default 30 s). */
  timeoutMs?: number;
  /** The clock signed URLs start from (tests sign URLs in the past). */
  now?: () => Date;
}

/** A request to the store failed. The message names the store and bucket, never a credential. */
export class S3Error extends Error {
  readonly status?: number;
  readonly code?: string;
  constructor(message: string, status?: number, code?: string) {
    super(message);
    this.name = "S3Error";
    this.status = status;
    this.code = code;
  }
}

const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, "");
const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/**
 * The connection to one bucket: URLs (path or virtual-host style), SigV4-signed requests with a
 * timeout, and errors that name the store and bucket but never a credential.
 */
export function s3Transport(options: S3Options) {
  const endpoint = new URL(options.url);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  // What error messages show: no user info, no query.
  const shown = `${endpoint.protocol}//${endpoint.host}${basePath}`;
  const where = `(S3_URL ${shown}, bucket "${options.bucket}")`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const aws = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
    retries: 2,
  });
  // Belt and braces: whatever a store echoes back, the secret is not repeated.
  const redact = (text: string) => (options.secretAccessKey ? text.split(options.secretAccessKey).join("[redacted]") : text);

  function urlOf(key?: string, query: Record<string, string> = {}): URL {
    const tail = key === undefined ? "" : `/${encodeKey(key)}`;
    const url = options.forcePathStyle
      ? new URL(`${endpoint.protocol}//${endpoint.host}${basePath}/${encodeURIComponent(options.bucket)}${tail}`)
      : new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}${basePath}${tail || "/"}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  async function send(
    what: string,
    method: string,
    key: string | undefined,
    init: { query?: Record<string, string>; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body) headers["x-amz-content-sha256"] = createHash("sha256").update(init.body).digest("hex");
    try {
      return await aws.fetch(urlOf(key, init.query), {
        method,
        headers,
        body: init.body ? new Uint8Array(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
          ? `no answer within ${timeoutMs / 1000} s`
          : describeNetworkError(error);
      throw new S3Error(redact(`${what} failed: ${reason} ${where}`));
    }
  }

  async function failure(what: string, response: Response, text?: string): Promise<S3Error> {
    const body = text ?? (await response.text().catch(() => ""));
    const code = xmlValue(body, "Code");
    const message = xmlValue(body, "Message");
    const hint =
      response.status === 403 && code !== "AccessDenied"
        ? " Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION."
        : response.status === 301 || code === "PermanentRedirect" || code === "AuthorizationHeaderMalformed"
          ? " Check S3_REGION and S3_FORCE_PATH_STYLE."
          : "";
    const detail = [code, message].filter(Boolean).join(": ") || response.statusText;
    return new S3Error(redact(`${what} failed: ${response.status} ${detail} ${where}.${hint}`), response.status, code);
  }

  /** A query-signed GET URL valid for `expiresInSeconds` (1 s to 7 days, as S3 allows). */
  async function presignGet(key: string, expiresInSeconds: number, responseHeaders: Record<string, string>): Promise<string> {
    const url = urlOf(key, responseHeaders);
    url.searchParams.set("X-Amz-Expires", String(Math.min(Math.max(Math.floor(expiresInSeconds), 1), 604_800)));
    const signed = await aws.sign(url.toString(), {
      method: "GET",
      aws: { signQuery: true, datetime: options.now ? amzDate(options.now()) : undefined },
    });
    return signed.url;
  }

  return { bucket: options.bucket, shown, where, redact, urlOf, send, failure, presignGet };
}

export type S3Transport = ReturnType<typeof s3Transport>;

/** "connect ECONNREFUSED 127.0.0.1:9" from fetch's "fetch failed" and its cause. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause && "code" in cause ? String((cause as { code?: unknown }).code) : undefined;
  return cause ? `${code ?? cause.name}: ${cause.message}` : error.message;
}
