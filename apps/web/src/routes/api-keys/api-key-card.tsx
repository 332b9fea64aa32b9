import { useState } from "react";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { Eye, EyeOff, KeyRound, RefreshCw } from "lucide-react";
import type { ApiKeyResponse } from "@errand/contract";
import { apiKeyQueryKey, rotateApiKey } from "../../api/workspace";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { copyAndTell, CopyableSecret } from "../../components/ui/copyable-secret";
import { notify } from "../../components/ui/notify";
import { Skeleton } from "../../components/ui/skeleton";
import { useSubmit } from "../../components/ui/use-submit";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";

interface ApiKeyCardProps {
  apiKey: UseQueryResult<ApiKeyResponse>;
  /** The key as shown: masked unless revealed. */
  shown: string;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
}

/** "Your API key": masked, with reveal, copy and regenerate (spec section 2). */
export function ApiKeyCard({ apiKey, shown, revealed, onReveal }: ApiKeyCardProps) {
  const key = apiKey.data?.api_key ?? "";
  let body;
  if (apiKey.isPending) body = <Skeleton className="h-11 w-full" role="status" aria-label="Loading API key" />;
  else if (apiKey.isError)
    body = (
      <div className="grid justify-items-start gap-3 text-sm text-muted-foreground">
        <p>Could not retrieve your API key. Please try again later.</p>
        <Button variant="outline" size="sm" onClick={() => void apiKey.refetch()} disabled={apiKey.isFetching}>
          Try again
        </Button>
      </div>
    );
  else if (!key) body = <p className="text-sm text-muted-foreground">API key not found. Please check your profile settings.</p>;
  else
    body = (
      <>
        <KeyRow apiKey={key} shown={shown} revealed={revealed} onReveal={onReveal} />
        <RegenerateKey onRegenerated={() => onReveal(true)} />
      </>
    );

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          Your API key
        </CardTitle>
        <CardDescription>
          Send it in the <code className="rounded bg-muted px-1 py-0.5 text-xs">x-api-key</code> header. Keep it secret: anyone with it can
          run tasks on your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{body}</CardContent>
    </Card>
  );
}

async function copyKey(text: string) {
  if (!text) return notify.error("Error", "API key not found. Please check your profile settings.");
  await copyAndTell(
    text,
    ["API key copied", "API key has been copied to clipboard."],
    "Could not copy to the clipboard. Reveal the key and copy it by hand.",
  );
}

function KeyRow({
  apiKey,
  shown,
  revealed,
  onReveal,
}: {
  apiKey: string;
  shown: string;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
}) {
  return (
    <CopyableSecret
      label="API key"
      shown={shown}
      copyLabel="Copy API key"
      onCopy={() => void copyKey(apiKey)}
      className="overflow-x-auto sm:break-normal sm:whitespace-nowrap"
    >
      <Button
        variant="outline"
        onClick={() => onReveal(!revealed)}
        aria-label={revealed ? "Hide API key" : "Show API key"}
        aria-pressed={revealed}
        className="flex-1 sm:flex-none"
      >
        {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        <span aria-hidden="true">{revealed ? "Hide" : "Reveal"}</span>
      </Button>
    </CopyableSecret>
  );
}

/** "Regenerate key", asked first: the old key stops working at once. Replacing it is the workspace's "manage" (docs/adr/0031-workspaces-and-roles.md). */
function RegenerateKey({ onRegenerated }: { onRegenerated: () => void }) {
  const canReplace = useCan("manage");
  if (!canReplace)
    return (
      <div className="border-t pt-4">
        <RoleNote operation="manage" what="regenerate the key" />
      </div>
    );
  return <RegenerateKeyButton onRegenerated={onRegenerated} />;
}

function RegenerateKeyButton({ onRegenerated }: { onRegenerated: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const rotate = useSubmit({
    action: () => rotateApiKey(),
    onSuccess: (next) => {
      queryClient.setQueryData(apiKeyQueryKey, next);
      setConfirming(false);
      onRegenerated();
      notify.success("API key regenerated", "Your previous key no longer works. Update your integrations.");
    },
    failure: { message: "Failed to regenerate the API key. Please try again." },
  });

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
      <p className="text-sm text-muted-foreground">Lost control of the key? Replace it; the old one stops working at once.</p>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden="true" />
        Regenerate key
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Regenerate your API key?"
        description="A new key is created and the current one stops working immediately. Scripts and integrations using it will fail until you give them the new key."
        confirmLabel="Regenerate"
        confirmIcon={<RefreshCw aria-hidden="true" />}
        destructive
        busy={rotate.busy}
        onConfirm={() => rotate.run()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
