import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { xmlBlocks, xmlEscape, xmlValue, xmlValues } from "./s3-xml.ts";

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

export interface S3ObjectInfo {
  size: number;
  /** Without quotes; the MD5 of the bytes for objects put in one request. */
  etag: string;
  contentType: string;
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

/** The S3 REST calls Errand makes, signed with SigV4 (aws4fetch), each with a timeout. */
export function createS3Client(options: S3Options) {
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

  return {
    /** The origin signed URLs point to (for a page's image policy). */
    origin: urlOf().origin,

    /** HeadBucket: the bucket exists and these credentials may use it. */
    async headBucket(): Promise<void> {
      const response = await send("Checking the bucket", "HEAD", undefined);
      if (response.ok) return;
      if (response.status === 404) throw new S3Error(`The S3 bucket "${options.bucket}" does not exist at S3_URL ${shown}: create it or set S3_BUCKET.`, 404, "NoSuchBucket");
      if (response.status === 403)
        throw new S3Error(`Access to the S3 bucket "${options.bucket}" at S3_URL ${shown} was refused: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION.`, 403);
      throw await failure("Checking the bucket", response);
    },

    async putObject(key: string, data: Buffer, contentType: string): Promise<void> {
      const response = await send(`Storing ${key}`, "PUT", key, { body: data, headers: { "content-type": contentType } });
      if (!response.ok) throw await failure(`Storing ${key}`, response);
      await response.body?.cancel();
    },

    async getObject(key: string): Promise<{ data: Buffer; contentType: string } | null> {
      const response = await send(`Reading ${key}`, "GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure(`Reading ${key}`, response);
      return {
        data: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
      };
    },

    async headObject(key: string): Promise<S3ObjectInfo | null> {
      const response = await send(`Checking ${key}`, "HEAD", key);
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(`Checking ${key}`, response);
      return {
        size: Number(response.headers.get("content-length") ?? 0),
        etag: (response.headers.get("etag") ?? "").replace(/"/g, ""),
        contentType: response.headers.get("content-type") ?? "",
      };
    },

    /** One page of ListObjectsV2 under `prefix`. */
    async listKeys(prefix: string, continuationToken?: string, maxKeys = 1000): Promise<{ keys: string[]; next?: string }> {
      const query: Record<string, string> = { "list-type": "2", prefix, "max-keys": String(maxKeys) };
      if (continuationToken) query["continuation-token"] = continuationToken;
      const response = await send(`Listing ${prefix}`, "GET", undefined, { query });
      if (!response.ok) throw await failure(`Listing ${prefix}`, response);
      const xml = await response.text();
      const keys = xmlBlocks(xml, "Contents").flatMap((block) => xmlValues(block, "Key"));
      const truncated = xmlValue(xml, "IsTruncated") === "true";
      return { keys, next: truncated ? xmlValue(xml, "NextContinuationToken") : undefined };
    },

    /** DeleteObjects (up to 1000 keys); stores that lack it get one DELETE a key. */
    async deleteKeys(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      const body = Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${keys.map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`).join("")}</Delete>`,
      );
      const what = `Deleting ${keys.length} objects`;
      const response = await send(what, "POST", undefined, {
        query: { delete: "" },
        body,
        headers: { "content-type": "application/xml", "content-md5": createHash("md5").update(body).digest("base64") },
      });
      const answer = await response.text();
      if (response.status === 501 || xmlValue(answer, "Code") === "NotImplemented") {
        for (const key of keys) {
          const single = await send(`Deleting ${key}`, "DELETE", key);
          if (!single.ok && single.status !== 404) throw await failure(`Deleting ${key}`, single);
          await single.body?.cancel();
        }
        return;
      }
      if (!response.ok) throw await failure(what, response, answer);
      const errors = xmlBlocks(answer, "Error");
      if (errors.length > 0) {
        const first = errors[0]!;
        throw new S3Error(redact(`${what} failed for ${errors.length}, first ${xmlValue(first, "Key")}: ${xmlValue(first, "Code")} ${where}`));
      }
    },

    /** A query-signed GET URL valid for `expiresInSeconds` (1 s to 7 days, as S3 allows). */
    async presignGet(key: string, expiresInSeconds: number, responseHeaders: Record<string, string>): Promise<string> {
      const url = urlOf(key, responseHeaders);
      url.searchParams.set("X-Amz-Expires", String(Math.min(Math.max(Math.floor(expiresInSeconds), 1), 604_800)));
      const signed = await aws.sign(url.toString(), {
        method: "GET",
        aws: { signQuery: true, datetime: options.now ? amzDate(options.now()) : undefined },
      });
      return signed.url;
    },
  };
}

export type S3Client = ReturnType<typeof createS3Client>;

/** "connect ECONNREFUSED 127.0.0.1:9" from fetch's "fetch failed" and its cause. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause && "code" in cause ? String((cause as { code?: unknown }).code) : undefined;
  return cause ? `${code ?? cause.name}: ${cause.message}` : error.message;
}
