import type { Runtime } from "./create-runtime.ts";

/** What the HTTP server takes from a process's runtime: the same for `errand serve` and the benches. */
export const serverDeps = (runtime: Runtime) => ({
  ctx: runtime.ctx,
  database: runtime.database,
  events: runtime.events,
  storage: runtime.storage,
  authSecret: runtime.secrets.authSecret,
});
