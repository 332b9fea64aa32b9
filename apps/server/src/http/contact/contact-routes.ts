import { apiErrorSchema, contactMessageInputSchema, contactMessageResponseSchema } from "@errand/contract";
import { sendContactMessage, type Auth, type ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { isSameOrigin } from "../authenticate.ts";
import { clientIp } from "../client-ip.ts";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";
import { validationResponse } from "../errors.ts";

export const contactRoute = createRoute({
  method: "post",
  path: "/contact-messages",
  tags: ["Contact"],
  summary: "Send us a message (anonymous, or as the signed-in user from the web app)",
  request: { body: { content: { "application/json": { schema: contactMessageInputSchema } }, required: true } },
  security: [],
  responses: {
    201: jsonContent(contactMessageResponseSchema, "Received"),
    400: commonErrors[400],
    429: jsonContent(apiErrorSchema, "Too many messages from this address"),
  },
});

/** Public: the web app's session, when present and same-origin, attributes the message. */
export function contactRoutes(deps: { ctx: ServiceContext; auth: Auth; baseUrl: string; trustProxy: number }) {
  const origin = new URL(deps.baseUrl).origin;
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.openapi(contactRoute, async (c) => {
    const headers = c.req.raw.headers;
    const session = isSameOrigin(headers, origin) ? await deps.auth.api.getSession({ headers }) : null;
    await sendContactMessage({
      ctx: deps.ctx,
      input: { ...c.req.valid("json"), userId: session?.user.id ?? null, clientKey: clientIp(c, deps.trustProxy) },
    });
    return c.json({ ok: true as const }, 201);
  });
  return app;
}
