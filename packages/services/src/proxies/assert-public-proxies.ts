import { parseProxyUrl } from "@errand/contract";
import type { ServiceContext } from "../context.ts";
import { assertPublicAddresses } from "../network/assert-public-addresses.ts";

/**
 * Refuses new proxies (entries given by url) at private, loopback, link-local or metadata
 * addresses: the guard proxy would connect to them and send their credentials. The address is
 * judged as host and port whatever the proxy's scheme (socks5 too); credentials are never quoted.
 */
export function assertPublicProxies(ctx: Pick<ServiceContext, "network">, entries: { url?: string }[]): Promise<void> {
  return assertPublicAddresses(
    ctx,
    entries.flatMap((entry, i) => {
      const parsed = entry.url === undefined ? undefined : parseProxyUrl(entry.url);
      if (parsed === undefined || typeof parsed === "string") return [];
      return [{ path: `entries.${i}.url`, url: `http://${parsed.host}:${parsed.port}/` }];
    }),
  );
}
