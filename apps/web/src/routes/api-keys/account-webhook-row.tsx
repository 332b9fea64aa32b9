import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Send, Trash2 } from "lucide-react";
import type { Webhook, WebhookTestResult } from "@errand/contract";
import { accountWebhookKeys, testAccountWebhook } from "../../api/account-webhooks";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { useSubmit } from "../../components/ui/use-submit";
import { webhookEventsText, webhookTestOutcome } from "../../lib/webhooks/account-webhooks";
import { formatDate } from "../../lib/format/display-format";
import { serverMessageOr } from "../../lib/forms/form-errors";
import { cn } from "../../components/ui/cn";
import { WebhookEndpointDeliveries } from "./webhook-endpoint-deliveries";

/** One webhook: where it posts, on which events; Send test, its Deliveries, and Delete (onDelete null: the role may only read them). */
export function AccountWebhookRow({ webhook, onDelete }: { webhook: Webhook; onDelete: (() => void) | null }) {
  const queryClient = useQueryClient();
  const deliveriesId = useId();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // The test is a delivery of its own: show it in the list.
  const showDelivery = () => void queryClient.invalidateQueries({ queryKey: accountWebhookKeys.deliveries(webhook.id) });
  const test = useSubmit({
    action: () => {
      setOutcome(null);
      return testAccountWebhook(webhook.id);
    },
    onSuccess: (result: WebhookTestResult) => {
      setOutcome({ ok: result.ok, text: webhookTestOutcome(result) });
      showDelivery();
    },
    // Said in the row, where the outcome of a test goes.
    failure: (error) => {
      setOutcome({ ok: false, text: serverMessageOr(error, "The test could not be sent. Please try again.") });
      showDelivery();
      return null;
    },
  });
  const testing = test.busy;

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
        {onDelete ? (
          <BusyButton variant="outline" size="sm" onClick={() => test.run()} busy={testing} icon={<Send aria-hidden="true" />}>
            Send test
          </BusyButton>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={open ? deliveriesId : undefined}
        >
          <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          Deliveries
        </Button>
        {onDelete ? (
          <Button variant="outline" size="sm" onClick={onDelete} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
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
