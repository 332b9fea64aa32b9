import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from "lucide-react";
import { DOCS_PATH } from "@errand/contract";
import { apiKeyQueryKey, apiKeyQueryOptions, rotateApiKey } from "../../api/workspace";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { curlExample, maskApiKey } from "../../lib/developer/api-key";
import { copyText } from "../../lib/browser/clipboard";
import { notify } from "../../components/ui/notify";
import { PageTitle } from "../../lib/page/page-title";
import { AccountWebhooksCard } from "./account-webhooks-card";
import { WebhookSecretCard } from "./webhook-secret-card";

/** /api-keys: the person's key, masked, with reveal, copy and regenerate (spec section 2). */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, errorUpdatedAt, refetch, isFetching } = useQuery(apiKeyQueryOptions);
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  const key = data?.api_key ?? "";

  useEffect(() => {
    if (isError) notify.error("Error", "Failed to fetch user profile.");
  }, [isError, errorUpdatedAt]);

  async function copy(text: string) {
    if (!text) {
      notify.error("Error", "API key not found. Please check your profile settings.");
      return;
    }
    try {
      await copyText(text);
      notify.success("API key copied", "API key has been copied to clipboard.");
    } catch {
      notify.error("Error", "Could not copy to the clipboard. Reveal the key and copy it by hand.");
    }
  }

  async function rotate() {
    setRotating(true);
    try {
      const next = await rotateApiKey();
      queryClient.setQueryData(apiKeyQueryKey, next);
      setConfirming(false);
      setRevealed(true);
      notify.success("API key regenerated", "Your previous key no longer works. Update your integrations.");
    } catch {
      notify.error("Error", "Failed to regenerate the API key. Please try again.");
    } finally {
      setRotating(false);
    }
  }

  const shown = revealed ? key : maskApiKey(key);
  const origin = typeof window === "undefined" ? "" : window.location.origin;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="API Keys" />
      <h1 className="text-3xl font-bold tracking-tight">API Keys</h1>
      <p className="mt-2 text-muted-foreground">
        Use your API key to run tasks from the API, the MCP server and no-code integrations.
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            Your API key
          </CardTitle>
          <CardDescription>
            Send it in the <code className="rounded bg-muted px-1 py-0.5 text-xs">x-api-key</code> header. Keep it secret:
            anyone with it can run tasks on your account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isPending ? (
            <Skeleton className="h-11 w-full" role="status" aria-label="Loading API key" />
          ) : isError ? (
            <div className="grid justify-items-start gap-3 text-sm text-muted-foreground">
              <p>Could not retrieve your API key. Please try again later.</p>
              <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
                Try again
              </Button>
            </div>
          ) : !key ? (
            <p className="text-sm text-muted-foreground">API key not found. Please check your profile settings.</p>
          ) : (
            <>
              <div className="flex flex-col gap-2 sm:flex-row">
                <code
                  aria-label="API key"
                  data-revealed={revealed}
                  className="flex min-h-11 min-w-0 flex-1 items-center overflow-x-auto rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all sm:break-normal sm:whitespace-nowrap"
                >
                  {shown}
                </code>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    onClick={() => setRevealed((value) => !value)}
                    aria-label={revealed ? "Hide API key" : "Show API key"}
                    aria-pressed={revealed}
                    className="flex-1 sm:flex-none"
                  >
                    {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    <span aria-hidden="true">{revealed ? "Hide" : "Reveal"}</span>
                  </Button>
                  <Button onClick={() => void copy(key)} aria-label="Copy API key" className="flex-1 sm:flex-none">
                    <Copy aria-hidden="true" />
                    <span aria-hidden="true">Copy</span>
                  </Button>
                </div>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
                <p className="text-sm text-muted-foreground">Lost control of the key? Replace it; the old one stops working at once.</p>
                <Button variant="outline" onClick={() => setConfirming(true)}>
                  <RefreshCw aria-hidden="true" />
                  Regenerate key
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>

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
            {curlExample(origin, key ? shown : "YOUR_API_KEY")}
          </pre>
        </CardContent>
      </Card>

      <WebhookSecretCard />
      <AccountWebhooksCard />

      <Dialog open={confirming} onOpenChange={(open) => (rotating ? undefined : setConfirming(open))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Regenerate your API key?</DialogTitle>
            <DialogDescription>
              A new key is created and the current one stops working immediately. Scripts and integrations using it
              will fail until you give them the new key.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={rotating}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void rotate()} disabled={rotating} aria-busy={rotating}>
              {rotating ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Regenerate
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
