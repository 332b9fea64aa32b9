import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import type { ProxyPool } from "@errand/contract";
import { deleteProxyPool, proxyKeys, proxyPoolsQueryOptions } from "../../api/proxies";
import { CollectionCard } from "../../components/layout/collection-card";
import { Badge } from "../../components/ui/badge";
import { ProxyPoolDialog } from "./proxy-pool-dialog";
import { RowActions } from "./row-actions";

/** "2 proxies in DE, FR: http://de.proxy.example:8080, ...". */
function poolSummary(pool: ProxyPool): string {
  const count = `${pool.entries.length} ${pool.entries.length === 1 ? "proxy" : "proxies"}`;
  const countries = pool.countries.length ? ` in ${pool.countries.map((c) => c.toUpperCase()).join(", ")}` : "";
  return `${count}${countries}: ${pool.entries.map((e) => e.server).join(", ")}`;
}

/**
 * Proxy pools (docs/adr/0010-proxies.md): the proxies runs and saved logins go out through, picked
 * in turn or at random, by country. Credentials are written here and never shown again.
 */
export function ProxiesCard() {
  const pools = useQuery(proxyPoolsQueryOptions);
  const [editing, setEditing] = useState<ProxyPool | "new" | null>(null);

  return (
    <CollectionCard
      id="proxies"
      headingId="proxies-heading"
      icon={<Globe className="size-5 text-primary" aria-hidden="true" />}
      title="Proxies"
      description="Pools of proxies the agent's browser goes out through, one per run, in a country you choose. A saved login keeps the proxy it was made through, so the site keeps seeing the same address."
      addLabel="Add proxy pool"
      onAdd={() => setEditing("new")}
      items={pools}
      listKey={proxyKeys.list()}
      noun="proxy pools"
      skeleton={{ rows: 1, className: "h-16 w-full" }}
      empty={
        <>
          No proxy pools yet. Without one, runs use the server&apos;s own proxy, if it has one. Add your proxies (residential ones get past
          more bot walls), then choose the pool in a task&apos;s Advanced Parameters or when you save a login.
        </>
      }
      listLabel="Proxy pools"
      row={(pool, onDelete) => (
        <li key={pool.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium break-all">{pool.name}</span>
              <Badge tone="outline">{pool.rotation === "random" ? "Random" : "Round-robin"}</Badge>
            </div>
            <span className="text-sm break-all text-muted-foreground">{poolSummary(pool)}</span>
          </div>
          <RowActions name={pool.name} onEdit={() => setEditing(pool)} onDelete={onDelete} />
        </li>
      )}
      deletion={{
        title: "Delete proxy pool?",
        describe: (pool) => (
          <>
            The proxy pool &ldquo;{pool.name}&rdquo; will be deleted. Runs of tasks that name it will fail before they start. This cannot be
            undone.
          </>
        ),
        request: (pool) => deleteProxyPool(pool.id),
        done: ["Proxy pool deleted"],
        failure: "Failed to delete the proxy pool. Please try again.",
      }}
    >
      <ProxyPoolDialog editing={editing} onClose={() => setEditing(null)} />
    </CollectionCard>
  );
}
