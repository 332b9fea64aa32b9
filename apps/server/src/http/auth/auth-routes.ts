import { signInInputSchema, signUpInputSchema } from "@errand/contract";
import { beginPasswordSignIn, clearSignInThrottle, type Auth } from "@errand/services/auth";
import { ServiceError, type ServiceContext } from "@errand/services";
import { Hono } from "hono";
import type { ZodType } from "zod";
import { headersWithClientIp } from "../client-ip.ts";
import { errorBody, errorResponse, validationResponse } from "../errors.ts";

/** Bodies we validate with our contract before better-auth sees them, so errors name the field. */
const BODY_SCHEMAS: Record<string, ZodType> = {
  "/sign-up/email": signUpInputSchema,
  "/sign-in/email": signInInputSchema,
};

/**
 * better-auth behind a thin adapter: JSON and field validation in our error shape, the client
 * address for its rate limits, and its own errors rewritten to the one error shape.
 */
export function authRoutes(auth: Auth, options: { ctx: ServiceContext; basePath: string; trustProxy: number }) {
  const { ctx } = options;
  const app = new Hono();
  app.all("/*", async (c) => {
    const headers = headersWithClientIp(c, options.trustProxy);
    let body: string | undefined;
    let signInEmail: string | undefined;
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      body = await c.req.text();
      const subPath = c.req.path.slice(options.basePath.length);
      const schema = BODY_SCHEMAS[subPath];
      if (body.trim() || schema) {
        let json: unknown;
        try {
          json = body.trim() ? JSON.parse(body) : {};
        } catch {
          return errorResponse(c, "invalid_json", "Request body is not valid JSON");
        }
        if (schema) {
          const parsed = schema.safeParse(json);
          if (!parsed.success) return validationResponse(c, parsed.error);
          // better-auth requires a name; people sign up with e-mail and password only.
          if (subPath === "/sign-up/email") {
            const input = parsed.data as { email: string; name?: string };
            body = JSON.stringify({ ...input, name: input.name?.trim() || input.email.split("@")[0] });
          }
          if (subPath === "/sign-in/email") signInEmail = (parsed.data as { email: string }).email;
        }
        headers.set("content-type", "application/json");
      }
    }
    // Per account, beside better-auth's per-address limit: counted before the password is checked.
    if (signInEmail !== undefined) {
      try {
        await beginPasswordSignIn({ ctx, input: { email: signInEmail } });
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        if (error.retryAfterSeconds) c.header("retry-after", String(error.retryAfterSeconds));
        return errorResponse(c, error.code, error.message);
      }
    }
    const response = await auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }));
    if (signInEmail !== undefined && response.ok) await clearSignInThrottle({ ctx, input: { email: signInEmail } });
    return normaliseError(response);
  });
  return app;
}

/** better-auth answers `{ code, message }`; we answer `{ error: { code, message } }`. */
async function normaliseError(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get("content-type")?.includes("application/json")) {
    if (response.status !== 429) return response;
  }
  const text = await response.text();
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // keep the defaults
  }
  const code = response.status === 429 ? "rate_limited" : (parsed.code ?? "auth_error");
  const message =
    response.status === 429
      ? `Too many attempts. Please wait ${response.headers.get("x-retry-after") ?? "a minute"} seconds and try again.`
      : (parsed.message ?? response.statusText);
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify(errorBody(code, message)), { status: response.status, headers });
}
