import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Copy, Eye } from "lucide-react";
import { webhookSecretQueryOptions } from "../../api/workspace";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { copyText } from "../../lib/browser/clipboard";
import { notify } from "../../components/ui/notify";

/** The webhook signing secret: shown on request, to verify the errand-signature header with. */
export function WebhookSecretCard() {
  const [shown, setShown] = useState(false);
  const secret = useQuery({ ...webhookSecretQueryOptions, enabled: shown });

  async function copy() {
    if (!secret.data) return;
    try {
      await copyText(secret.data.webhook_secret);
      notify.success("Secret copied", "The webhook signing secret has been copied to clipboard.");
    } catch {
      notify.error("Error", "Could not copy the secret. Select it and copy it by hand.");
    }
  }

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Webhook signing secret</CardTitle>
        <CardDescription>
          Runs with a webhook URL are posted with an <code className="font-mono">errand-signature</code> header:{" "}
          <code className="font-mono break-all">t=&lt;unix time&gt;,v1=&lt;hex HMAC-SHA256 of &quot;&lt;t&gt;.&lt;body&gt;&quot;&gt;</code>.
          Compute it with this secret and compare; refuse old timestamps.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!shown ? (
          <Button variant="outline" onClick={() => setShown(true)}>
            <Eye aria-hidden="true" />
            Show secret
          </Button>
        ) : secret.isPending ? (
          <Spinner />
        ) : secret.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <p>The secret could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void secret.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <code
              aria-label="Webhook signing secret"
              className="flex min-h-11 min-w-0 flex-1 items-center overflow-x-auto rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all"
            >
              {secret.data.webhook_secret}
            </code>
            <Button onClick={() => void copy()} aria-label="Copy webhook signing secret">
              <Copy aria-hidden="true" />
              <span aria-hidden="true">Copy</span>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
