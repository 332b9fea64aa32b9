import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LockKeyhole, Plus } from "lucide-react";
import type { Credential } from "@errand/contract";
import { credentialKeys, credentialsQueryOptions, deleteCredential } from "../../api/credentials";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { notify } from "../../components/ui/notify";
import { RowActions } from "./row-actions";
import { CredentialDialog } from "./credential-dialog";

/**
 * The credential vault (docs/architecture.md, "The credential vault"): site logins the agent types
 * by placeholder, with a TOTP secret for two-step sign-ins. Values are written here and never
 * shown again.
 */
export function CredentialsCard() {
  const queryClient = useQueryClient();
  const credentials = useQuery(credentialsQueryOptions);
  // null: closed; "new": adding; a credential: editing it.
  const [editing, setEditing] = useState<Credential | "new" | null>(null);
  const [deleting, setDeleting] = useState<Credential | null>(null);

  let body;
  if (credentials.isPending)
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading credentials">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  else if (credentials.isError)
    body = <LoadError message="Your credentials could not be loaded." onRetry={() => void credentials.refetch()} retrying={credentials.isFetching} />;
  else if (!credentials.data.length)
    body = (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        No credentials yet. Add a site&apos;s username and password (and its authenticator key for two-step sign-in), then choose it in a
        task&apos;s Advanced Parameters: the agent types it without ever seeing it.
      </p>
    );
  else
    body = (
      <ul className="grid gap-3" aria-label="Credentials">
        {credentials.data.map((credential) => (
          <li key={credential.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
            <div className="grid min-w-0 flex-1 basis-48 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-sm font-medium break-all">{credential.name}</span>
                {credential.has_totp ? <Badge tone="outline">Two-step code</Badge> : null}
              </div>
              <span className="text-sm break-all text-muted-foreground">
                {credential.username_hint} on {credential.domains.join(", ")}
              </span>
            </div>
            <RowActions name={credential.name} onEdit={() => setEditing(credential)} onDelete={() => setDeleting(credential)} />
          </li>
        ))}
      </ul>
    );

  return (
    <Card className="mt-6" role="region" aria-labelledby="credentials-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id="credentials-heading" className="flex items-center gap-2 text-lg">
            <LockKeyhole className="size-5 text-primary" aria-hidden="true" />
            Credentials
          </CardTitle>
          <CardDescription>
            Usernames, passwords and two-step codes the agent may type on the sites you allow. They are encrypted, never shown again, and
            never sent to the AI model.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Add credential
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <CredentialDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete credential?"
        describe={(credential) => <>The credential &ldquo;{credential.name}&rdquo; will be deleted. Tasks that use it will run without it. This cannot be undone.</>}
        remove={(credential) => deleteCredential(credential.id)}
        onDeleted={(credential) => {
          queryClient.setQueryData<Credential[]>(credentialKeys.list(), (list) => list?.filter((item) => item.id !== credential.id));
          void queryClient.invalidateQueries({ queryKey: credentialKeys.list() });
          notify.success("Credential deleted");
        }}
        onFailed={() => notify.error("Error", "Failed to delete the credential. Please try again.")}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
