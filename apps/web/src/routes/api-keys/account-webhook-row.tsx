import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Send, Trash2 } from "lucide-react";
import type { Webhook, WebhookTestResult } from "@errand/contract";
import { accountWebhookKeys, testAccountWebhook } from "../../api/account-webhooks";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { webhookEventsText, webhookTestOutcome } from "../../lib/webhooks/account-webhooks";
import { formatDate } from "../../lib/format/display-format";
import { serverMessageOr } from "../../lib/forms/form-errors";
import { cn } from "../../components/ui/cn";
import { WebhookEndpointDeliveries } from "./webhook-endpoint-deliveries";

/** One webhook: where it posts, on which events; Send test, its Deliveries, and Delete. */
export function AccountWebhookRow({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) {
  const queryClient = useQueryClient();
  const deliveriesId = useId();
  const [open, setOpen] = useState(false);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function sendTest() {
    setTesting(true);
    setOutcome(null);
    try {
      const result: WebhookTestResult = await testAccountWebhook(webhook.id);
      setOutcome({ ok: result.ok, text: webhookTestOutcome(result) });
    } catch (error) {
      setOutcome({ ok: false, text: serverMessageOr(error, "The test could not be sent. Please try again.") });
    } finally {
      setTesting(false);
      // The test is a delivery of its own: show it in the list.
      void queryClient.invalidateQueries({ queryKey: accountWebhookKeys.deliveries(webhook.id) });
    }
  }

  return (
    <li className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3 sm:p-4" aria-label={webhook.url}>
      <div className="grid min-w-0 gap-1">
        <h3 className="font-mono text-sm font-medium break-all">{webhook.url}</h3>
        {webhook.description ? <p className="text-sm [overflow-wrap:anywhere]">{webhook.description}</p> : null}
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">Events: </span>
          {webhookEventsText(webhook.events)}
          <span aria-hidden="true"> · </span>
          Added <time dateTime={webhook.created_at}>{formatDate(webhook.created_at)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void sendTest()} disabled={testing} aria-busy={testing}>
          {testing ? <Spinner /> : <Send aria-hidden="true" />}
          Send test
        </Button>
        <Button variant="outline" size="sm" onClick={() => setOpen((value) => !value)} aria-expanded={open} aria-controls={open ? deliveriesId : undefined}>
          <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          Deliveries
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {/* A live region without a box of its own: no gap in the grid while it is empty. */}
      <div role="status" className="contents">
        {testing ? (
          <p className="text-sm text-muted-foreground">Sending a test…</p>
        ) : outcome ? (
          <p className={cn("text-sm [overflow-wrap:anywhere]", outcome.ok ? "text-green-700" : "text-destructive")}>{outcome.text}</p>
        ) : null}
      </div>
      {open ? <WebhookEndpointDeliveries id={deliveriesId} webhookId={webhook.id} /> : null}
    </li>
  );
}
