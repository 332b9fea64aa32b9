import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Webhook as WebhookIcon } from "lucide-react";
import type { Webhook } from "@errand/contract";
import { accountWebhookKeys, accountWebhooksQueryOptions, deleteAccountWebhook } from "../../api/account-webhooks";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { notify } from "../../components/ui/notify";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { AccountWebhookRow } from "./account-webhook-row";

/** The account's webhooks: signed POSTs when runs end, added here or by no-code triggers. */
export function AccountWebhooksCard() {
  const queryClient = useQueryClient();
  const webhooks = useQuery(accountWebhooksQueryOptions);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  let body;
  if (webhooks.isPending)
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading webhooks">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  else if (webhooks.isError)
    body = <LoadError message="Your webhooks could not be loaded." onRetry={() => void webhooks.refetch()} retrying={webhooks.isFetching} />;
  else if (!webhooks.data.length)
    body = (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        No webhooks yet. n8n, Zapier and Make add theirs when you turn on a trigger; you can add one here.
      </p>
    );
  else
    body = (
      <ul className="grid gap-3" aria-label="Webhooks">
        {webhooks.data.map((webhook) => (
          <AccountWebhookRow key={webhook.id} webhook={webhook} onDelete={() => setDeleting(webhook)} />
        ))}
      </ul>
    );

  return (
    <Card className="mt-6" role="region" aria-labelledby="account-webhooks-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id="account-webhooks-heading" className="flex items-center gap-2 text-lg">
            <WebhookIcon className="size-5 text-primary" aria-hidden="true" />
            Webhooks
          </CardTitle>
          <CardDescription>
            Get a signed POST when your runs end. Each webhook has its own signing secret, shown once when it is added.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add webhook
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete webhook?"
        describe={(webhook) => (
          <>
            Nothing more is sent to {webhook.url}, and its delivery log is deleted. A no-code trigger that uses it stops receiving runs.
          </>
        )}
        remove={(webhook) => deleteAccountWebhook(webhook.id)}
        onDeleted={(webhook) => {
          queryClient.setQueryData<Webhook[]>(accountWebhookKeys.list(), (list) => list?.filter((item) => item.id !== webhook.id));
          queryClient.removeQueries({ queryKey: accountWebhookKeys.deliveries(webhook.id) });
          void queryClient.invalidateQueries({ queryKey: accountWebhookKeys.list() });
          notify.success("Webhook deleted", "Nothing more will be sent to it.");
        }}
        onFailed={() => notify.error("Error", "Failed to delete the webhook. Please try again.")}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
