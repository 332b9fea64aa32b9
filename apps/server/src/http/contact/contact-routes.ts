import { publicOperations } from "@errand/contract";
import { sendContactMessage } from "@errand/services/contact";
import type { Auth } from "@errand/services/auth";
import type { ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { isSameOrigin } from "../authenticate.ts";
import { clientIp } from "../client-ip.ts";
import { validationResponse } from "../errors.ts";

export const contactRoute = createRoute(publicOperations.sendContactMessage);

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
