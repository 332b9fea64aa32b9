import { authContexts } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's saved login (auth context), or "Auth context not found" (src/ownership.ts): `ownAuthContext(db, caller, id,
 * columns?)` reads it, `callersAuthContext(caller, id)` is the where clause of a write, which throws
 * `authContextNotFound()` when it touched no row.
 */
export const {
  own: ownAuthContext,
  where: callersAuthContext,
  notFound: authContextNotFound,
} = ownership(authContexts, authContexts.id, authContexts.workspaceId, "Auth context");
