import { proxyPools } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's proxy pool, or "Proxy pool not found" (src/ownership.ts): `ownProxyPool(db, caller, id,
 * columns?)` reads it, `callersProxyPool(caller, id)` is the where clause of a write, which throws
 * `proxyPoolNotFound()` when it touched no row.
 */
export const {
  own: ownProxyPool,
  where: callersProxyPool,
  notFound: proxyPoolNotFound,
} = ownership(proxyPools, proxyPools.id, proxyPools.workspaceId, "Proxy pool");
