import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { webhookSecretQueryOptions } from "../../api/workspace";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { copyAndTell, CopyableSecret } from "../../components/ui/copyable-secret";
import { LoadError } from "../../components/ui/load-error";
import { Spinner } from "../../components/ui/spinner";

/** The account's signing secret for Webhook URL posts (not the webhooks' own): shown on request, to verify the errand-signature header with. */
export function WebhookSecretCard() {
  const [shown, setShown] = useState(false);
  const secret = useQuery({ ...webhookSecretQueryOptions, enabled: shown });

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Webhook URL signing secret</CardTitle>
        <CardDescription>
          Signs what runs post to the <strong className="font-medium text-foreground">Webhook URL</strong> of a task or run (in Advanced
          Parameters, or <code className="font-mono">webhook_url</code> in the API). The webhooks below sign with their own secrets, not
          this one.
        </CardDescription>
        <CardDescription>
          Each post carries an <code className="font-mono">errand-signature</code> header:{" "}
          <code className="font-mono break-all">t=&lt;unix time&gt;,v1=&lt;hex HMAC-SHA256 of &quot;&lt;t&gt;.&lt;body&gt;&quot;&gt;</code>.
          Compute it with the secret and compare; refuse old timestamps.
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
          <LoadError message="The secret could not be loaded." query={secret} />
        ) : (
          <CopyableSecret
            label="Webhook signing secret"
            shown={secret.data.webhook_secret}
            copyLabel="Copy webhook signing secret"
            className="overflow-x-auto"
            onCopy={() =>
              void copyAndTell(
                secret.data.webhook_secret,
                ["Secret copied", "The webhook signing secret has been copied to clipboard."],
                "Could not copy the secret. Select it and copy it by hand.",
              )
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
