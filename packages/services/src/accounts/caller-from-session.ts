import { ALL_SCOPES, isAdminEmail, type Caller } from "../caller.ts";
import type { VerbArgs } from "../context.ts";

/**
 * The web app's signed-in person: the session already names the user and their email, so no
 * query. It acts in the person's personal workspace, whose id is theirs and which they own
 * (docs/adr/0031-workspaces-and-roles.md); another workspace goes through `callerInWorkspace`.
 */
export function callerFromSession({ ctx, input }: VerbArgs<{ userId: string; email: string }>): Caller {
  return {
    userId: input.userId,
    isAdmin: isAdminEmail(ctx, input.email),
    via: "session",
    scopes: ALL_SCOPES,
    workspaceId: input.userId,
    role: "owner",
  };
}
