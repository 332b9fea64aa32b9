// @errand/services/proxies: proxy pools and picking a proxy for a run or a login (docs/adr/0010-proxies.md).
export { createProxyPool } from "./create-proxy-pool.ts";
export { listProxyPools } from "./list-proxy-pools.ts";
export { getProxyPool } from "./get-proxy-pool.ts";
export { updateProxyPool } from "./update-proxy-pool.ts";
export { deleteProxyPool } from "./delete-proxy-pool.ts";
export { resolveRunProxy } from "./resolve-run-proxy.ts";
export type { ProxySettings } from "./proxy-settings.ts";
