import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { parseAccept } from "hono/utils/accept";
import { setAnsweredHeaders } from "./answered-headers.ts";

/** Smaller answers are not worth compressing (when their length is known). */
const THRESHOLD_BYTES = 1024;
const ENCODINGS = ["gzip", "deflate"] as const;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Compresses answers made per request (JSON, HTML; never Server-Sent Events, never a range) with
 * gzip or deflate as the client accepts, and says `Vary: Accept-Encoding` on every answer that
 * could have been. What Hono's compress() does, except that the Vary header is set on the answer
 * in place: compress() sets it with `c.header()`, which rebuilds the response (with a body the
 * node adapter then streams) on every compressible answer, compressed or not
 * (docs/adr/0061-api-read-overhead.md).
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const length = headers.get("content-length");
    if (
      c.res.status === 206 ||
      c.req.method === "HEAD" ||
      headers.has("content-encoding") ||
      headers.has("transfer-encoding") ||
      (length !== null && Number(length) < THRESHOLD_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("content-type") ?? "") ||
      NO_TRANSFORM.test(headers.get("cache-control") ?? "")
    )
      return;
    const vary = headers.get("vary");
    if (vary !== "*" && !VARIES_BY_ENCODING.test(vary ?? "")) {
      setAnsweredHeaders(c, [["vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"]]);
    }
    const encoding = acceptedEncoding(c.req.header("accept-encoding"));
    // Only then is the body read: asking for it makes the node adapter build a Web Response.
    if (!encoding || !c.res.body) return;
    const compressed = new Response(c.res.body.pipeThrough(new CompressionStream(encoding)), c.res);
    compressed.headers.delete("content-length");
    compressed.headers.set("content-encoding", encoding);
    const etag = compressed.headers.get("etag");
    if (etag && !etag.startsWith("W/")) compressed.headers.set("etag", `W/${etag}`);
    c.res = compressed;
  };
}

/** The encoding of ours the client weighs highest (gzip on a tie), or none it accepts. */
function acceptedEncoding(header: string | undefined): (typeof ENCODINGS)[number] | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === "*")?.q ?? 0;
  let best: { encoding: (typeof ENCODINGS)[number]; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
