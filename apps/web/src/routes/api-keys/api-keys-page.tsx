import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { DOCS_PATH } from "@errand/contract";
import { apiKeyQueryOptions } from "../../api/workspace";
import { AppPage } from "../../components/layout/app-page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { notify } from "../../components/ui/notify";
import { curlExample, maskApiKey } from "../../lib/developer/api-key";
import { AccountWebhooksCard } from "./account-webhooks-card";
import { ApiKeyCard } from "./api-key-card";
import { NamedKeysCard } from "./named-keys-card";
import { WebhookSecretCard } from "./webhook-secret-card";

/** /api-keys: the person's key, a curl example with it, named keys, the webhook signing secret and the account's webhooks (spec section 2). */
export function ApiKeysPage() {
  const apiKey = useQuery(apiKeyQueryOptions);
  const [revealed, setRevealed] = useState(false);
  const key = apiKey.data?.api_key ?? "";
  const shown = revealed ? key : maskApiKey(key);

  const { isError, errorUpdatedAt } = apiKey;
  useEffect(() => {
    if (isError) notify.error("Error", "Failed to fetch user profile.");
  }, [isError, errorUpdatedAt]);

  return (
    // The app's page width, like every other signed-in page.
    <AppPage title="API Keys" description="Use your API key to run tasks from the API, the MCP server and no-code integrations.">
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ApiKeyCard apiKey={apiKey} shown={shown} revealed={revealed} onReveal={setRevealed} />
        <TryItCard apiKey={key ? shown : "YOUR_API_KEY"} />
      </div>
      <NamedKeysCard />
      <WebhookSecretCard />
      <AccountWebhooksCard />
    </AppPage>
  );
}

/** "Try it": a curl command that creates a run with the key as shown. */
function TryItCard({ apiKey }: { apiKey: string }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Try it</CardTitle>
        <CardDescription>
          Create a run from a terminal. The{" "}
          <Link to={DOCS_PATH} className="text-primary underline-offset-4 hover:underline">
            API reference
          </Link>{" "}
          lists every endpoint.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <pre className="overflow-x-auto rounded-lg bg-foreground p-4 font-mono text-xs leading-relaxed text-background">
          {curlExample(origin, apiKey)}
        </pre>
      </CardContent>
    </Card>
  );
}
