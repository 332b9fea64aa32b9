import { ALL_SCOPES, isAdminEmail, type Caller } from "../caller.ts";
import type { VerbArgs } from "../context.ts";

/** The web app's signed-in person: the session already names the user and their email, so no query. */
export function callerFromSession({ ctx, input }: VerbArgs<{ userId: string; email: string }>): Caller {
  return { userId: input.userId, isAdmin: isAdminEmail(ctx, input.email), via: "session", scopes: ALL_SCOPES };
}
