import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_ONE_LINE, controlCharacterMessage } from "@errand/contract";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorResponse } from "../errors.ts";

const KB = 1024;
const MB = 1024 * KB;
const size = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`);

/** An upload: at most 10 MB, sent as base64 (4/3 of it) in JSON. */
const UPLOAD_BODY_BYTES = 15 * MB;

/**
 * Request body limits by path prefix, the first match wins. Sized to what the endpoint needs:
 * a run is a 20,000-character prompt plus a 100 KB JSON schema at most; an upload is 10 MB in
 * base64, through POST /files or MCP's upload_file (the MCP route checks the key before it reads
 * a byte of the body, as the API does); credentials and contact messages are a few KB; Stripe's
 * events are small. Everything else takes no real body.
 */
export const BODY_LIMITS: { prefix: string; bytes: number; what: string }[] = [
  { prefix: "/api/auth/", bytes: 16 * KB, what: "sign-in and account requests" },
  { prefix: "/api/v1/contact-messages", bytes: 32 * KB, what: "contact messages" },
  { prefix: "/api/stripe/", bytes: 512 * KB, what: "payment provider events" },
  { prefix: "/api/v1/files", bytes: UPLOAD_BODY_BYTES, what: "file uploads (10 MB once decoded)" },
  { prefix: "/api/", bytes: 512 * KB, what: "API requests" },
  { prefix: "/mcp", bytes: UPLOAD_BODY_BYTES, what: "MCP requests (upload_file carries a file of up to 10 MB)" },
  { prefix: "/", bytes: 16 * KB, what: "this address" },
];

const limiters = BODY_LIMITS.map((rule) => ({
  ...rule,
  middleware: bodyLimit({
    maxSize: rule.bytes,
    onError: (c) => {
      // Close the connection: the rest of the body is never read.
      c.header("connection", "close");
      return errorResponse(c, "payload_too_large", `The request body is larger than ${size(rule.bytes)}, the limit for ${rule.what}.`);
    },
  }),
}));

/**
 * Refuses a body over its route's limit with 413 before reading the rest: at once when
 * Content-Length says so, else as soon as the streamed bytes pass it.
 */
export function limitBodies(): MiddlewareHandler {
  return (c, next) => {
    // Reads carry no body: the limiter would only build a Request to find that out.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const rule = limiters.find((r) => c.req.path.startsWith(r.prefix))!;
    return rule.middleware(c, next);
  };
}

/**
 * Control characters (NUL first: Postgres cannot store it) are refused with a 400 naming the
 * field, in every query parameter and in every string of a JSON body, for every endpoint at
 * once. Line breaks and tabs are allowed in bodies (prompts have several lines), not in queries.
 * The schemas in packages/contract say the same for callers that do not come through HTTP.
 */
export function refuseControlCharacters(options: { skip?: (path: string) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (options.skip?.(c.req.path)) return next();
    const query = c.req.queries();
    for (const [key, values] of Object.entries(query)) {
      if (CONTROL_CHARACTERS_ONE_LINE.test(key) || values.some((v) => CONTROL_CHARACTERS_ONE_LINE.test(v))) {
        const field = CONTROL_CHARACTERS_ONE_LINE.test(key) ? "query" : key;
        return errorResponse(c, "validation_error", controlCharacterMessage(field), [
          { path: field, message: controlCharacterMessage(field) },
        ]);
      }
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && /json/i.test(c.req.header("content-type") ?? "")) {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return next(); // the route answers invalid JSON in its own words
      }
      const field = stringWithControlCharacters(body);
      if (field !== null) {
        return errorResponse(c, "validation_error", controlCharacterMessage(field), [
          { path: field, message: controlCharacterMessage(field) },
        ]);
      }
    }
    return next();
  };
}

/** The path of the first string (or key) holding a control character, or null. Iterative. */
function stringWithControlCharacters(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "body" }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (CONTROL_CHARACTERS.test(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: `${path === "body" ? "" : `${path}.`}${i}` }));
    } else if (v !== null && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        const at = path === "body" ? key : `${path}.${key}`;
        if (CONTROL_CHARACTERS.test(key)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}
