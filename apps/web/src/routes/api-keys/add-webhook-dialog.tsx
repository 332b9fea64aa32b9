import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, type CreatedWebhook, type CreateWebhook, type WebhookEvent } from "@errand/contract";
import { accountWebhookKeys, createAccountWebhook } from "../../api/account-webhooks";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { copyAndTell, CopyableSecret } from "../../components/ui/copyable-secret";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField, FormFieldset } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useSubmit } from "../../components/ui/use-submit";
import { submitChecked } from "../../lib/forms/checked-submit";
import { formText } from "../../lib/forms/form-values";
import { webhookEventLabel } from "../../lib/webhooks/account-webhooks";

/**
 * Add webhook: URL, events (at least one) and a description; then the new webhook's signing
 * secret, shown this once with Copy.
 */
export function AddWebhookDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<WebhookEvent[]>(["run.finished"]);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const add = useSubmit({
    action: (input: CreateWebhook) => createAccountWebhook(input),
    onSuccess: (webhook) => {
      void queryClient.invalidateQueries({ queryKey: accountWebhookKeys.list() });
      setCreated(webhook);
    },
    // The 25-webhook limit (409) and other refusals: the API's words, in the dialog.
    failure: { message: "Failed to add the webhook. Please try again.", apiMessage: true, show: "form" },
  });

  function submit(form: HTMLFormElement) {
    const text = formText(form);
    const description = text("description").trim();
    // The contract's own schema, so the messages are the API's.
    const body = { url: text("url").trim(), events, description: description || undefined };
    void submitChecked(
      add,
      (s) => s.createWebhookSchema,
      body,
      (data) => data,
    );
  }

  function toggle(event: WebhookEvent, checked: boolean) {
    setEvents((current) =>
      checked ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event),
    );
  }

  return (
    <FormDialog
      onClose={onClose}
      title="Add webhook"
      label="Add webhook"
      description="Errand sends a signed POST to this URL when one of your runs ends with an event you choose."
      submit={add}
      onSubmit={submit}
      submitLabel="Add webhook"
      done={created ? <CreatedSecret webhook={created} onDone={onClose} /> : null}
    >
      <FormField id="webhook-url" label="URL" error={add.errors.url}>
        <Input name="url" type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/hooks/errand" required />
      </FormField>
      <FormFieldset id="webhook-events" legend="Events" error={add.errors.events}>
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event} className="flex items-center gap-2">
            <Checkbox
              id={`webhook-event-${event}`}
              checked={events.includes(event)}
              onCheckedChange={(checked) => toggle(event, checked === true)}
            />
            <Label htmlFor={`webhook-event-${event}`} className="font-normal">
              {webhookEventLabel(event)}
            </Label>
          </div>
        ))}
      </FormFieldset>
      <FormField id="webhook-description" label="Description (optional)" error={add.errors.description}>
        <Input name="description" autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX} placeholder="e.g. My CRM" />
      </FormField>
    </FormDialog>
  );
}

function CreatedSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form's button is gone: keyboard focus goes to what comes next, copying the secret.
  useEffect(() => copyButton.current?.focus(), []);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Webhook added</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          Deliveries to {webhook.url} are signed with this secret in the <code className="font-mono">errand-signature</code> header. Copy it
          now: it will not be shown again.
        </DialogDescription>
      </DialogHeader>
      <CopyableSecret
        label="Webhook signing secret"
        shown={webhook.secret}
        copyLabel="Copy signing secret"
        copyRef={copyButton}
        onCopy={() =>
          void copyAndTell(
            webhook.secret,
            ["Secret copied", "The webhook's signing secret has been copied to clipboard."],
            "Could not copy the secret. Select it and copy it by hand.",
          )
        }
      />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
