import { useEffect, useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { createWebhookSchema, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, type CreatedWebhook, type WebhookEvent } from "@errand/contract";
import { accountWebhookKeys, createAccountWebhook } from "../../api/account-webhooks";
import { ApiRequestError } from "../../api/http";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { webhookEventLabel } from "../../lib/webhooks/account-webhooks";
import { copyText } from "../../lib/browser/clipboard";
import { fieldErrorsFromIssues, fieldErrorsFromServer, serverMessageOr, type FieldErrors } from "../../lib/forms/form-errors";
import { notify } from "../../components/ui/notify";
import { errorProps, FormField } from "../auth/form-field";

/**
 * Add webhook: URL, events (at least one) and a description; then the new webhook's signing
 * secret, shown this once with Copy.
 */
export function AddWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    if (busy) return;
    onClose();
    setCreated(null);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {created ? <CreatedSecret webhook={created} onDone={close} /> : <WebhookForm busy={busy} setBusy={setBusy} onCreated={setCreated} onCancel={close} />}
      </DialogContent>
    </Dialog>
  );
}

interface WebhookFormProps {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCreated: (webhook: CreatedWebhook) => void;
  onCancel: () => void;
}

function WebhookForm({ busy, setBusy, onCreated, onCancel }: WebhookFormProps) {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<WebhookEvent[]>(["run.finished"]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const description = String(data.get("description") ?? "").trim();
    // The contract's own schema, so the messages are the API's.
    const parsed = createWebhookSchema.safeParse({ url: String(data.get("url") ?? "").trim(), events, description: description || undefined });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const webhook = await createAccountWebhook(parsed.data);
      void queryClient.invalidateQueries({ queryKey: accountWebhookKeys.list() });
      onCreated(webhook);
    } catch (error) {
      const fields = fieldErrorsFromServer(error);
      setErrors(fields);
      // The 25-webhook limit (409) and other refusals: the API's words, in the dialog.
      if (!Object.keys(fields).length) setFormError(serverMessageOr(error, "Failed to add the webhook. Please try again."));
      if (!(error instanceof ApiRequestError)) notify.error("Error", "Failed to add the webhook. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  function toggle(event: WebhookEvent, checked: boolean) {
    setEvents((current) => (checked ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-label="Add webhook">
      <DialogHeader>
        <DialogTitle>Add webhook</DialogTitle>
        <DialogDescription>Errand sends a signed POST to this URL when one of your runs ends with an event you choose.</DialogDescription>
      </DialogHeader>
      <FormField id="webhook-url" label="URL" error={errors.url}>
        <Input id="webhook-url" name="url" type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/hooks/errand" required {...errorProps("webhook-url", errors.url)} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event} className="flex items-center gap-2">
            <Checkbox
              id={`webhook-event-${event}`}
              checked={events.includes(event)}
              onCheckedChange={(checked) => toggle(event, checked === true)}
              aria-invalid={errors.events ? true : undefined}
            />
            <Label htmlFor={`webhook-event-${event}`} className="font-normal">
              {webhookEventLabel(event)}
            </Label>
          </div>
        ))}
        {errors.events ? (
          <p id="webhook-events-error" className="text-sm text-destructive">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <FormField id="webhook-description" label="Description (optional)" error={errors.description}>
        <Input id="webhook-description" name="description" autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX} placeholder="e.g. My CRM" {...errorProps("webhook-description", errors.description)} />
      </FormField>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          Add webhook
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form's button is gone: keyboard focus goes to what comes next, copying the secret.
  useEffect(() => copyButton.current?.focus(), []);

  async function copy() {
    try {
      await copyText(webhook.secret);
      notify.success("Secret copied", "The webhook's signing secret has been copied to clipboard.");
    } catch {
      notify.error("Error", "Could not copy the secret. Select it and copy it by hand.");
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Webhook added</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          Deliveries to {webhook.url} are signed with this secret in the <code className="font-mono">errand-signature</code> header. Copy it
          now: it will not be shown again.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code
          aria-label="Webhook signing secret"
          className="flex min-h-11 min-w-0 flex-1 items-center rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all"
        >
          {webhook.secret}
        </code>
        <Button ref={copyButton} onClick={() => void copy()} aria-label="Copy signing secret">
          <Copy aria-hidden="true" />
          <span aria-hidden="true">Copy</span>
        </Button>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
