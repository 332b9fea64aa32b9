import { redirect, text } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** Where /redirect-to-private sends the browser: the cloud metadata address. */
export const PRIVATE_REDIRECT_TARGET = "http://169.254.169.254/latest/meta-data/";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const redirectRoutes: FixtureRoute[] = [
  { method: "GET", path: "/redirect-to-private", handle: () => redirect(PRIVATE_REDIRECT_TARGET, 302) },
  {
    method: "GET",
    path: "/redirect",
    handle: (ctx) => {
      const to = ctx.url.searchParams.get("to");
      if (!to) return text("Missing ?to=URL", 400);
      const status = Number(ctx.url.searchParams.get("status") ?? "302");
      return redirect(to, REDIRECT_STATUSES.has(status) ? status : 302);
    },
  },
];
