import { useState } from "react";
import type { Credential } from "@errand/contract";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { FieldErrors } from "../../lib/forms/form-errors";

/**
 * The mailbox a site e-mails its codes to (docs/adr/0053-*), folded away under a native
 * disclosure (keyboard and screen readers know it). Fields read by `mailboxChange`; two per row
 * only where the dialog is wide, one per row at 360 px.
 */
export function MailboxFields({
  existing,
  errors,
  onRemoveChange,
}: {
  existing: Credential | null;
  errors: FieldErrors;
  onRemoveChange: (remove: boolean) => void;
}) {
  const saved = existing?.mailbox ?? null;
  const [remove, setRemove] = useState(false);
  const hasError = Object.keys(errors).some((path) => path.startsWith("mailbox."));
  return (
    <details className="rounded-md border px-3 py-2" open={hasError || undefined}>
      <summary className="cursor-pointer text-sm font-medium">E-mailed codes (optional)</summary>
      <p className="mt-2 text-xs text-muted-foreground">
        The IMAP mailbox the site sends sign-in codes and links to. The agent types {"{{secret:<name>.email_code}}"} or opens{" "}
        {"{{secret:<name>.email_link}}"} and the newest code or link is read for it; the e-mail is never shown to the AI model.
        {saved ? " To change the mailbox, type its password again." : ""}
      </p>
      <fieldset disabled={remove} className="mt-2 grid gap-3 sm:grid-cols-2">
        <FormField id="credential-mailbox-host" label="IMAP server" error={errors["mailbox.host"]}>
          <Input name="mailbox_host" autoComplete="off" spellCheck={false} placeholder="imap.gmail.com" defaultValue={saved?.host} />
        </FormField>
        <FormField id="credential-mailbox-port" label="Port" error={errors["mailbox.port"]}>
          <Input name="mailbox_port" type="number" inputMode="numeric" min={1} max={65535} placeholder="993" defaultValue={saved?.port} />
        </FormField>
        <FormField id="credential-mailbox-user" label="Mailbox login" error={errors["mailbox.user"]}>
          <Input name="mailbox_user" autoComplete="off" spellCheck={false} placeholder={saved?.user_hint ?? "you@example.com"} />
        </FormField>
        <FormField id="credential-mailbox-password" label="Mailbox password or app password" error={errors["mailbox.password"]}>
          <Input name="mailbox_password" type="password" autoComplete="new-password" />
        </FormField>
        <FormField id="credential-mailbox-folder" label="Folder" error={errors["mailbox.folder"]}>
          <Input name="mailbox_folder" autoComplete="off" spellCheck={false} placeholder="INBOX" defaultValue={saved?.folder} />
        </FormField>
        <FormField
          id="credential-mailbox-from"
          label="Only e-mails from"
          error={errors["mailbox.from"]}
          hint="The sender's address or domain; blank: any sender."
        >
          <Input
            name="mailbox_from"
            autoComplete="off"
            spellCheck={false}
            placeholder="no-reply@github.com"
            defaultValue={saved?.from ?? undefined}
          />
        </FormField>
        <div className="flex items-center gap-2">
          <Checkbox id="credential-mailbox-tls" name="mailbox_tls" defaultChecked={saved?.tls ?? true} />
          <Label htmlFor="credential-mailbox-tls" className="font-normal">
            Use TLS
          </Label>
        </div>
      </fieldset>
      {saved ? (
        <div className="mt-3 flex items-center gap-2">
          <Checkbox
            id="credential-remove-mailbox"
            checked={remove}
            onCheckedChange={(checked) => {
              setRemove(checked === true);
              onRemoveChange(checked === true);
            }}
          />
          <Label htmlFor="credential-remove-mailbox" className="font-normal">
            Remove the saved mailbox
          </Label>
        </div>
      ) : null}
    </details>
  );
}
