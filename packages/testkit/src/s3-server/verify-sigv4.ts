import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Why a request is refused, as S3 names it; null when the signature holds. */
export interface SignatureProblem {
  code: "AccessDenied" | "SignatureDoesNotMatch" | "InvalidAccessKeyId";
  message: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256Hex = (data: string) => createHash("sha256").update(data).digest("hex");

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters (and `/` in paths). */
function encode(value: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

function rawQueryPairs(search: string): [string, string][] {
  return search
    .replace(/^\?/, "")
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf("=");
      const [name, value] = at < 0 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

/**
 * Checks an AWS Signature Version 4 (header or query form) the way S3 does: the request as it
 * arrived is put in canonical form and signed again with the secret of the access key it names.
 * s3rver accepts any V4 signature, so the test server puts this in front of it.
 */
export function verifySigV4(req: IncomingMessage, keys: Map<string, string>, now = new Date()): SignatureProblem | null {
  const url = new URL(req.url ?? "/", "http://placeholder");
  const query = rawQueryPairs(url.search);
  const fromQuery = query.some(([name]) => name === "X-Amz-Algorithm");
  const authorization = req.headers.authorization;
  let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string;

  if (fromQuery) {
    const param = (name: string) => query.find(([n]) => n === name)?.[1] ?? "";
    credential = param("X-Amz-Credential");
    signedHeaders = param("X-Amz-SignedHeaders");
    signature = param("X-Amz-Signature");
    amzDate = param("X-Amz-Date");
    payloadHash = "UNSIGNED-PAYLOAD";
    const expires = Number(param("X-Amz-Expires"));
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (!Number.isFinite(expires) || Number.isNaN(signedAt) || now.getTime() > signedAt + expires * 1000) {
      return { code: "AccessDenied", message: "Request has expired" };
    }
  } else if (authorization?.startsWith("AWS4-HMAC-SHA256 ")) {
    const parts = new Map(
      authorization
        .slice("AWS4-HMAC-SHA256 ".length)
        .split(",")
        .map((part) => part.trim().split("=") as [string, string]),
    );
    credential = parts.get("Credential") ?? "";
    signedHeaders = parts.get("SignedHeaders") ?? "";
    signature = parts.get("Signature") ?? "";
    amzDate = String(req.headers["x-amz-date"] ?? "");
    payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  } else {
    // The bucket is private: no anonymous reads or writes.
    return { code: "AccessDenied", message: "Access Denied" };
  }

  const [accessKeyId, ...scope] = credential.split("/");
  const secret = keys.get(accessKeyId ?? "");
  if (!secret) return { code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  const [date = "", region = "", service = ""] = scope;

  const canonicalQuery = query
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [encode(name, false), encode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerNames = signedHeaders.split(";").filter(Boolean);
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = req.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    req.method ?? "GET",
    encode(decodeURIComponent(url.pathname), true),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope.join("/"), sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString("hex"));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { code: "SignatureDoesNotMatch", message: "The request signature we calculated does not match the signature you provided." };
  }
  return null;
}
