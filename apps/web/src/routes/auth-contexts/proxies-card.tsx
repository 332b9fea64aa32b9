import { Fragment } from "react";
import { Globe } from "lucide-react";
import type { ProxyPool } from "@errand/contract";
import { deleteProxyPool, proxyPoolsQueryOptions } from "../../api/proxies";
import { CollectionCard } from "../../components/layout/collection-card";
import { Badge } from "../../components/ui/badge";
import { BreakableAddress } from "../../components/ui/breakable-address";
import { ProxyPoolDialog } from "./proxy-pool-dialog";
import { RowActions } from "./row-actions";

/** "2 proxies in DE, FR: http://de.proxy.example:8080, ...", each address wrapping after its dots and colons on a phone. */
function PoolSummary({ pool }: { pool: ProxyPool }) {
  const count = `${pool.entries.length} ${pool.entries.length === 1 ? "proxy" : "proxies"}`;
  const countries = pool.countries.length ? ` in ${pool.countries.map((c) => c.toUpperCase()).join(", ")}` : "";
  return (
    <span className="text-sm text-muted-foreground">
      {count}
      {countries}:{" "}
      {pool.entries.map((entry, index) => (
        <Fragment key={entry.id}>
          {index > 0 ? ", " : null}
          <BreakableAddress address={entry.server} />
        </Fragment>
      ))}
    </span>
  );
}

/**
 * Proxy pools (docs/adr/0010-proxies.md): the proxies runs and saved logins go out through, picked
 * in turn or at random, by country. Credentials are written here and never shown again.
 */
export function ProxiesCard() {
  return (
    <CollectionCard
      id="proxies"
      headingId="proxies-heading"
      icon={<Globe className="size-5 text-primary" aria-hidden="true" />}
      title="Proxies"
      description="Pools of proxies the agent's browser goes out through, one per run, in a country you choose. A saved login keeps the proxy it was made through, so the site keeps seeing the same address."
      noun={{ one: "proxy pool", many: "proxy pools" }}
      changes={{ operation: "manage", what: "add and change proxy pools" }}
      query={proxyPoolsQueryOptions}
      skeleton={{ rows: 1, className: "h-16 w-full" }}
      empty={
        <>
          No proxy pools yet. Without one, runs use the server&apos;s own proxy, if it has one. Add your proxies (residential ones get past
          more bot walls), then choose the pool in a task&apos;s Advanced Parameters or when you save a login.
        </>
      }
      row={(pool, actions) => (
        <li key={pool.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium break-all">{pool.name}</span>
              <Badge tone="outline">{pool.rotation === "random" ? "Random" : "Round-robin"}</Badge>
            </div>
            <PoolSummary pool={pool} />
          </div>
          <RowActions name={pool.name} actions={actions} />
        </li>
      )}
      deletion={{
        describe: (pool) => (
          <>
            The proxy pool &ldquo;{pool.name}&rdquo; will be deleted. Runs of tasks that name it will fail before they start. This cannot be
            undone.
          </>
        ),
        request: (pool) => deleteProxyPool(pool.id),
      }}
      editor={(existing, onClose) => <ProxyPoolDialog existing={existing} onClose={onClose} />}
    />
  );
}
