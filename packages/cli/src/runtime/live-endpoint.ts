import { networkInterfaces } from "node:os";
import type { Config } from "@errand/config";
import { startInternalLiveEndpoint } from "@errand/server/endpoints";
import type { LiveRelay } from "@errand/services/live";
import type { ServiceContext } from "@errand/services";

/**
 * Starts this process's internal live endpoint (ADR 0013) and from then on records where its
 * browsers are under the advertised address: LIVE_INTERNAL_URL, else the address it listens on
 * (a wildcard host is advertised as this machine's first private IPv4 address: a container's or
 * pod's own, which its neighbours reach; set LIVE_INTERNAL_URL when that is not the right one).
 * The runtime removes this process's rows before closing it.
 */
export async function startLiveEndpoint(deps: {
  ctx: ServiceContext;
  relay: LiveRelay;
  config: Config["liveInternal"];
}): Promise<{ address: string; close(): Promise<void> }> {
  const endpoint = await startInternalLiveEndpoint({ ctx: deps.ctx, host: deps.config.host, port: deps.config.port });
  const address = deps.config.url ?? `http://${advertisedHost(deps.config.host)}:${endpoint.port}`;
  deps.relay.address = address;
  return {
    address,
    async close() {
      deps.relay.address = undefined;
      await endpoint.close();
    },
  };
}

/** The host other processes use to reach an endpoint listening on `host`. */
export function advertisedHost(host: string, interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): string {
  if (!["0.0.0.0", "::", "[::]"].includes(host)) return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const own = Object.values(interfaces)
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal);
  return own?.address ?? "127.0.0.1";
}
