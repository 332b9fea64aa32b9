import { useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeySquare, Plus, Trash2 } from "lucide-react";
import type { NamedApiKey } from "@errand/contract";
import { namedApiKeysQueryKey, namedApiKeysQueryOptions, revokeNamedApiKey } from "../../api/named-api-keys";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { SectionCardHeader } from "../../components/layout/section-card-header";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/notify";
import { EmptyNote, QueryStates } from "../../components/ui/query-states";
import { LoadingBars } from "../../components/ui/skeleton";
import { useSubmit } from "../../components/ui/use-submit";
import { formatDate } from "../../lib/format/display-format";
import { keyExpiryText, keyLastUsedText, scopeLabel } from "../../lib/developer/named-api-keys";
import { useWorkspaceAllows } from "../../workspaces/use-workspace-allows";
import { CreateKeyDialog } from "./create-key-dialog";

const COLUMNS = ["Name", "Scopes", "Created by", "Created", "Expires", "Last used"] as const;

/** Named keys: the workspace's keys with scopes and expiry, Create key, and Revoke (docs/adr/0035-named-api-keys-with-scopes.md). */
export function NamedKeysCard() {
  // Keys are the workspace's owners' and admins' to see and make: the others are told so instead.
  const allowed = useWorkspaceAllows("manage");
  const keys = useQuery({ ...namedApiKeysQueryOptions, enabled: allowed !== false });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<NamedApiKey | null>(null);
  return (
    <Card className="mt-6" role="region" aria-labelledby="named-keys-heading">
      <SectionCardHeader
        headingId="named-keys-heading"
        icon={<KeySquare className="size-5 text-primary" aria-hidden="true" />}
        title="Named keys"
        description="Keys for one use each, limited to what it needs, with an optional expiry. Revoke one and it stops working at once."
        action={
          allowed === false ? null : (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create key
            </Button>
          )
        }
      />
      <CardContent>
        {allowed === false ? (
          <EmptyNote>Only the workspace's owners and admins can see, make and revoke its named keys.</EmptyNote>
        ) : (
          <QueryStates
            query={keys}
            loading={<LoadingBars label="Loading named keys" bars={["h-10 w-full", "h-10 w-full"]} className="gap-3" />}
            failed="Your named keys could not be loaded."
            empty={<EmptyNote>No named keys yet. Create one for each script or integration, with only the scopes it needs.</EmptyNote>}
          >
            {(list) => <KeysTable keys={list} onRevoke={setRevoking} />}
          </QueryStates>
        )}
      </CardContent>
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      <RevokeKey apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

/** A table on wider screens; on a phone each key is a block with its cells labelled. */
function KeysTable({ keys, onRevoke }: { keys: NamedApiKey[]; onRevoke: (key: NamedApiKey) => void }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Named keys</caption>
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b text-left text-muted-foreground">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" className="py-2 pr-3 font-medium">
              {column}
            </th>
          ))}
          <th scope="col" className="py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} className="grid gap-1 border-b py-3 last:border-b-0 sm:table-row sm:py-0">
            <th scope="row" className="text-left font-medium sm:py-3 sm:pr-3 sm:align-top">
              <span className="[overflow-wrap:anywhere]">{key.name}</span>
              <span className="block font-mono text-xs font-normal whitespace-nowrap text-muted-foreground">{key.prefix}…</span>
            </th>
            <Cell label="Scopes">
              <span className="inline-flex flex-wrap gap-1">
                {key.scopes.map((scope) => (
                  <Badge key={scope} tone="outline">
                    {scopeLabel(scope)}
                  </Badge>
                ))}
              </span>
            </Cell>
            <Cell label="Created by">
              <span className="[overflow-wrap:anywhere]">{key.created_by.email}</span>
            </Cell>
            <Cell label="Created">
              <time dateTime={key.created_at}>{formatDate(key.created_at)}</time>
            </Cell>
            <Cell label="Expires">{keyExpiryText(key)}</Cell>
            <Cell label="Last used">{keyLastUsedText(key)}</Cell>
            <td className="pt-1 sm:py-3 sm:text-right sm:align-top">
              <Button variant="outline" size="sm" onClick={() => onRevoke(key)} className="text-destructive hover:text-destructive">
                <Trash2 aria-hidden="true" />
                Revoke<span className="sr-only"> {key.name}</span>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A cell whose column name is written before it on a phone, where the table's head is hidden. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="text-muted-foreground sm:py-3 sm:pr-3 sm:align-top">
      <span className="font-medium text-foreground sm:hidden">{label}: </span>
      {children}
    </td>
  );
}

/** "Revoke key?", then the key leaves the list: every server refuses it from its next request. */
function RevokeKey({ apiKey, onClose }: { apiKey: NamedApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useSubmit({
    action: (key: NamedApiKey) => revokeNamedApiKey(key.id),
    onSuccess: (_, key) => {
      queryClient.setQueryData<NamedApiKey[]>(namedApiKeysQueryKey, (list) => list?.filter((other) => other.id !== key.id));
      void queryClient.invalidateQueries({ queryKey: namedApiKeysQueryKey });
      onClose();
      notify.success("Key revoked", "Requests with it are refused from now on.");
    },
    failure: { message: "Failed to revoke the key. Please try again." },
  });
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title="Revoke key?"
      description={
        <>{apiKey?.name} stops working immediately. Scripts and integrations using it will fail until you give them another key.</>
      }
      confirmLabel="Revoke"
      confirmIcon={<Trash2 aria-hidden="true" />}
      destructive
      busy={revoke.busy}
      onConfirm={() => apiKey && revoke.run(apiKey)}
      onCancel={onClose}
    />
  );
}
