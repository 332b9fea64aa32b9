import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import type { ProxyPool } from "@errand/contract";
import { deleteProxyPool, proxyKeys, proxyPoolsQueryOptions } from "../../api/proxies";
import { CollectionCard, removeFromList } from "../../components/layout/collection-card";
import { Badge } from "../../components/ui/badge";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { notify } from "../../components/ui/notify";
import { ProxyPoolDialog } from "./proxy-pool-dialog";
import { RowActions } from "./row-actions";

/**
 * Proxy pools (docs/adr/0010-proxies.md): the proxies runs and saved logins go out through, picked
 * in turn or at random, by country. Credentials are written here and never shown again.
 */
export function ProxiesCard() {
  const queryClient = useQueryClient();
  const pools = useQuery(proxyPoolsQueryOptions);
  const [editing, setEditing] = useState<ProxyPool | "new" | null>(null);
  const [deleting, setDeleting] = useState<ProxyPool | null>(null);

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
      noun="proxy pools"
      skeleton={{ rows: 1, className: "h-16 w-full" }}
      empty={
        <>
          No proxy pools yet. Without one, runs use the server&apos;s own proxy, if it has one. Add your proxies (residential ones get past more
          bot walls), then choose the pool in a task&apos;s Advanced Parameters or when you save a login.
        </>
      }
      listLabel="Proxy pools"
      row={(pool) => (
        <li key={pool.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium break-all">{pool.name}</span>
              <Badge tone="outline">{pool.rotation === "random" ? "Random" : "Round-robin"}</Badge>
            </div>
            <span className="text-sm break-all text-muted-foreground">
              {pool.entries.length} {pool.entries.length === 1 ? "proxy" : "proxies"}
              {pool.countries.length ? ` in ${pool.countries.map((c) => c.toUpperCase()).join(", ")}` : ""}: {pool.entries.map((e) => e.server).join(", ")}
            </span>
          </div>
          <RowActions name={pool.name} onEdit={() => setEditing(pool)} onDelete={() => setDeleting(pool)} />
        </li>
      )}
    >
      <ProxyPoolDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete proxy pool?"
        describe={(pool) => <>The proxy pool &ldquo;{pool.name}&rdquo; will be deleted. Runs of tasks that name it will fail before they start. This cannot be undone.</>}
        remove={(pool) => deleteProxyPool(pool.id)}
        onDeleted={(pool) => {
          removeFromList(queryClient, proxyKeys.list(), pool);
          notify.success("Proxy pool deleted");
        }}
        onFailed={() => notify.error("Error", "Failed to delete the proxy pool. Please try again.")}
        onClose={() => setDeleting(null)}
      />
    </CollectionCard>
  );
}
