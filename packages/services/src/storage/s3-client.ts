import { createHash } from "node:crypto";
import { xmlBlocks, xmlEscape, xmlValue, xmlValues } from "./s3-xml.ts";
import { S3Error, s3Transport, type S3Options, type S3Transport } from "./s3-transport.ts";

export { S3Error, type S3Options } from "./s3-transport.ts";

export interface S3ObjectInfo {
  size: number;
  /** Without quotes; the MD5 of the bytes for objects put in one request. */
  etag: string;
  contentType: string;
}

/** The S3 REST calls Errand makes, signed with SigV4 (aws4fetch), each with a timeout. */
export function createS3Client(options: S3Options) {
  const t = s3Transport(options);
  return {
    /** The origin signed URLs point to (for a page's image policy). */
    origin: t.urlOf().origin,
    /** HeadBucket: the bucket exists and these credentials may use it. */
    headBucket: () => headBucket(t),
    putObject: (key: string, data: Buffer, contentType: string) => putObject(t, key, data, contentType),
    getObject: (key: string) => getObject(t, key),
    headObject: (key: string) => headObject(t, key),
    /** One page of ListObjectsV2 under `prefix`. */
    listKeys: (prefix: string, continuationToken?: string, maxKeys = 1000) => listKeys(t, prefix, continuationToken, maxKeys),
    /** DeleteObjects (up to 1000 keys); stores that lack it get one DELETE a key. */
    deleteKeys: (keys: string[]) => deleteKeys(t, keys),
    /** A query-signed GET URL valid for `expiresInSeconds` (1 s to 7 days, as S3 allows). */
    presignGet: t.presignGet,
  };
}

export type S3Client = ReturnType<typeof createS3Client>;

async function headBucket(t: S3Transport): Promise<void> {
  const response = await t.send("Checking the bucket", "HEAD", undefined);
  if (response.ok) return;
  if (response.status === 404)
    throw new S3Error(`The S3 bucket "${t.bucket}" does not exist at S3_URL ${t.shown}: create it or set S3_BUCKET.`, 404, "NoSuchBucket");
  if (response.status === 403)
    throw new S3Error(
      `Access to the S3 bucket "${t.bucket}" at S3_URL ${t.shown} was refused: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION.`,
      403,
    );
  throw await t.failure("Checking the bucket", response);
}

async function putObject(t: S3Transport, key: string, data: Buffer, contentType: string): Promise<void> {
  const response = await t.send(`Storing ${key}`, "PUT", key, { body: data, headers: { "content-type": contentType } });
  if (!response.ok) throw await t.failure(`Storing ${key}`, response);
  await response.body?.cancel();
}

async function getObject(t: S3Transport, key: string): Promise<{ data: Buffer; contentType: string } | null> {
  const response = await t.send(`Reading ${key}`, "GET", key);
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) throw await t.failure(`Reading ${key}`, response);
  return {
    data: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
  };
}

async function headObject(t: S3Transport, key: string): Promise<S3ObjectInfo | null> {
  const response = await t.send(`Checking ${key}`, "HEAD", key);
  if (response.status === 404) return null;
  if (!response.ok) throw await t.failure(`Checking ${key}`, response);
  return {
    size: Number(response.headers.get("content-length") ?? 0),
    etag: (response.headers.get("etag") ?? "").replace(/"/g, ""),
    contentType: response.headers.get("content-type") ?? "",
  };
}

async function listKeys(
  t: S3Transport,
  prefix: string,
  continuationToken: string | undefined,
  maxKeys: number,
): Promise<{ keys: string[]; next?: string }> {
  const query: Record<string, string> = { "list-type": "2", prefix, "max-keys": String(maxKeys) };
  if (continuationToken) query["continuation-token"] = continuationToken;
  const response = await t.send(`Listing ${prefix}`, "GET", undefined, { query });
  if (!response.ok) throw await t.failure(`Listing ${prefix}`, response);
  const xml = await response.text();
  const keys = xmlBlocks(xml, "Contents").flatMap((block) => xmlValues(block, "Key"));
  const truncated = xmlValue(xml, "IsTruncated") === "true";
  return { keys, next: truncated ? xmlValue(xml, "NextContinuationToken") : undefined };
}

async function deleteKeys(t: S3Transport, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${keys.map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`).join("")}</Delete>`,
  );
  const what = `Deleting ${keys.length} objects`;
  const response = await t.send(what, "POST", undefined, {
    query: { delete: "" },
    body,
    headers: { "content-type": "application/xml", "content-md5": createHash("md5").update(body).digest("base64") },
  });
  const answer = await response.text();
  if (response.status === 501 || xmlValue(answer, "Code") === "NotImplemented") return deleteOneByOne(t, keys);
  if (!response.ok) throw await t.failure(what, response, answer);
  const errors = xmlBlocks(answer, "Error");
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new S3Error(
      t.redact(`${what} failed for ${errors.length}, first ${xmlValue(first, "Key")}: ${xmlValue(first, "Code")} ${t.where}`),
    );
  }
}

async function deleteOneByOne(t: S3Transport, keys: string[]): Promise<void> {
  for (const key of keys) {
    const single = await t.send(`Deleting ${key}`, "DELETE", key);
    if (!single.ok && single.status !== 404) throw await t.failure(`Deleting ${key}`, single);
    await single.body?.cancel();
  }
}
