import { useQueryClient } from "@tanstack/react-query";
import { Webhook as WebhookIcon } from "lucide-react";
import { accountWebhookKeys, accountWebhooksQueryOptions, deleteAccountWebhook } from "../../api/account-webhooks";
import { CollectionCard } from "../../components/layout/collection-card";
import { AccountWebhookRow } from "./account-webhook-row";
import { AddWebhookDialog } from "./add-webhook-dialog";

/** The account's webhooks: signed POSTs when runs end, added here or by no-code triggers. */
export function AccountWebhooksCard() {
  const queryClient = useQueryClient();

  return (
    <CollectionCard
      headingId="account-webhooks-heading"
      icon={<WebhookIcon className="size-5 text-primary" aria-hidden="true" />}
      title="Webhooks"
      description="Get a signed POST when your runs end. Each webhook signs with its own secret, shown once when it is added (not the Webhook URL signing secret above)."
      noun={{ one: "webhook", many: "webhooks" }}
      changes={{ operation: "manage", what: "add, test and delete webhooks" }}
      query={accountWebhooksQueryOptions}
      skeleton={{ rows: 2, className: "h-24 w-full" }}
      empty="No webhooks yet. n8n, Zapier and Make add theirs when you turn on a trigger; you can add one here."
      row={(webhook, actions) => <AccountWebhookRow key={webhook.id} webhook={webhook} onDelete={actions?.onDelete ?? null} />}
      deletion={{
        describe: (webhook) => (
          <>Nothing more is sent to {webhook.url}, and its delivery log is deleted. A no-code trigger that uses it stops receiving runs.</>
        ),
        request: (webhook) => deleteAccountWebhook(webhook.id),
        deleted: "Nothing more will be sent to it.",
        forget: (webhook) => queryClient.removeQueries({ queryKey: accountWebhookKeys.deliveries(webhook.id) }),
      }}
      editor={(_, onClose) => <AddWebhookDialog onClose={onClose} />}
    />
  );
}
