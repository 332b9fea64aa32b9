import type { ProxyChoice } from "@errand/contract";
import type { ServiceContext } from "../context.ts";
import { invalid } from "../errors.ts";
import { eligibleEntries } from "./pick-proxy.ts";

/** A run, task or login may only name a pool of the caller's that serves the country asked for; said when it is asked. */
export async function assertProxyChoice(ctx: ServiceContext, workspaceId: string, choice: ProxyChoice | null | undefined, path = "proxy") {
  if (!choice) return;
  const found = await eligibleEntries(ctx, workspaceId, choice);
  if ("problem" in found)
    throw invalid([{ path: found.problem!.startsWith("There is no") ? `${path}.pool` : `${path}.country`, message: found.problem! }]);
}
