import { workspaces } from "@errand/db";
import { eq } from "drizzle-orm";
import type { Caller } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { conflict, notFound } from "../errors.ts";
import { callerInWorkspace } from "./caller-in-workspace.ts";

/**
 * The caller as a member of the workspace named in the path, membership checked now. An API key
 * reaches only its own workspace (docs/adr/0036-workspace-invitations.md): another is "not found".
 */
export async function memberCaller(ctx: ServiceContext, caller: Caller, workspaceId: string): Promise<Caller> {
  if (caller.via === "api-key" && caller.workspaceId !== workspaceId) throw notFound("Workspace");
  return callerInWorkspace({ ctx, caller, input: { workspaceId } });
}

/** The workspace's row; a personal one is refused with `why` where only teams make sense. */
export async function teamWorkspace(ctx: ServiceContext, workspaceId: string, why: string) {
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) throw notFound("Workspace");
  if (workspace.kind === "personal") throw conflict(why);
  return workspace;
}
