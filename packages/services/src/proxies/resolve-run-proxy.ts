import { authContexts, tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { pickProxy, stickyProxySettings, type ProxyProblem } from "./pick-proxy.ts";
import type { ProxySettings } from "./proxy-settings.ts";

/**
 * The proxy a run's browser goes out through, for the worker (no caller: it acts for the run's
 * owner). A saved login's own proxy wins (same proxy, same session: the same exit address the
 * login was made from); else the pool the run names, picked by rotation with a fresh session;
 * else null: the server's default (PROXY_URL) or none. A problem fails the run before it starts.
 * `country` is where the proxy exits (when its pool says), for the browser's language and time zone.
 */
export async function resolveRunProxy({
  ctx,
  input,
}: VerbArgs<{ runId: string }>): Promise<{ proxy: ProxySettings | null; country: string | null } | ProxyProblem> {
  const [run] = await ctx.db
    .select({ workspaceId: tasksRuns.workspaceId, authContextId: tasksRuns.authContextId, proxy: tasksRuns.proxy })
    .from(tasksRuns)
    .where(eq(tasksRuns.id, input.runId));
  if (!run) return { proxy: null, country: null };
  if (run.authContextId) {
    const [login] = await ctx.db
      .select({ proxy: authContexts.proxy })
      .from(authContexts)
      .where(and(eq(authContexts.id, run.authContextId), eq(authContexts.workspaceId, run.workspaceId)));
    if (login) {
      if (!login.proxy) return { proxy: null, country: null };
      const sticky = await stickyProxySettings(ctx, run.workspaceId, login.proxy);
      return "problem" in sticky ? sticky : { proxy: sticky.settings, country: login.proxy.country };
    }
  }
  if (!run.proxy) return { proxy: null, country: null };
  const picked = await pickProxy(ctx, run.workspaceId, run.proxy);
  if ("problem" in picked) return picked;
  ctx.log.info("run proxy picked", {
    runId: input.runId,
    pool: picked.sticky.pool,
    server: picked.sticky.server,
    country: picked.sticky.country,
  });
  return { proxy: picked.settings, country: picked.sticky.country };
}
