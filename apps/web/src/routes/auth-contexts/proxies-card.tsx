import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Plus } from "lucide-react";
import type { ProxyPool } from "@errand/contract";
import { deleteProxyPool, proxyKeys, proxyPoolsQueryOptions } from "../../api/proxies";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { notify } from "../../components/ui/notify";
import { RowActions } from "./row-actions";
import { ProxyPoolDialog } from "./proxy-pool-dialog";

/**
 * Proxy pools (docs/adr/0010-proxies.md): the proxies runs and saved logins go out through, picked
 * in turn or at random, by country. Credentials are written here and never shown again.
 */
export function ProxiesCard() {
  const queryClient = useQueryClient();
  const pools = useQuery(proxyPoolsQueryOptions);
  const [editing, setEditing] = useState<ProxyPool | "new" | null>(null);
  const [deleting, setDeleting] = useState<ProxyPool | null>(null);

  let body;
  if (pools.isPending)
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading proxy pools">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  else if (pools.isError) body = <LoadError message="Your proxy pools could not be loaded." onRetry={() => void pools.refetch()} retrying={pools.isFetching} />;
  else if (!pools.data.length)
    body = (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        No proxy pools yet. Without one, runs use the server&apos;s own proxy, if it has one. Add your proxies (residential ones get past more
        bot walls), then choose the pool in a task&apos;s Advanced Parameters or when you save a login.
      </p>
    );
  else
    body = (
      <ul className="grid gap-3" aria-label="Proxy pools">
        {pools.data.map((pool) => (
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
        ))}
      </ul>
    );

  return (
    <Card id="proxies" className="mt-6" role="region" aria-labelledby="proxies-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id="proxies-heading" className="flex items-center gap-2 text-lg">
            <Globe className="size-5 text-primary" aria-hidden="true" />
            Proxies
          </CardTitle>
          <CardDescription>
            Pools of proxies the agent&apos;s browser goes out through, one per run, in a country you choose. A saved login keeps the proxy it
            was made through, so the site keeps seeing the same address.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Add proxy pool
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <ProxyPoolDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete proxy pool?"
        describe={(pool) => <>The proxy pool &ldquo;{pool.name}&rdquo; will be deleted. Runs of tasks that name it will fail before they start. This cannot be undone.</>}
        remove={(pool) => deleteProxyPool(pool.id)}
        onDeleted={(pool) => {
          queryClient.setQueryData<ProxyPool[]>(proxyKeys.list(), (list) => list?.filter((item) => item.id !== pool.id));
          void queryClient.invalidateQueries({ queryKey: proxyKeys.list() });
          notify.success("Proxy pool deleted");
        }}
        onFailed={() => notify.error("Error", "Failed to delete the proxy pool. Please try again.")}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
