import { useState } from "react";
import { CREDENTIAL_NAME_MAX, type ApiBody, type Credential } from "@errand/contract";
import { credentialSaves } from "../../api/credentials";
import { Checkbox } from "../../components/ui/checkbox";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useSaveItem } from "../../components/ui/use-save-item";
import type { FieldErrors } from "../../lib/forms/form-errors";
import { formText } from "../../lib/forms/form-values";
import { ItemNameField } from "./item-name-field";
import { mailboxChange } from "./mailbox-body";
import { MailboxFields } from "./mailbox-fields";

type CredentialBody = ApiBody<"createCredential"> | ApiBody<"updateCredential">;

/** "github.com, *.github.com" or one per line: the domains as a list. */
const domainList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The request body from the form; when editing, a blank value is kept as saved, so it is not sent. */
function credentialBody(form: HTMLFormElement, existing: Credential | null, removeTotp: boolean, removeMailbox: boolean): CredentialBody {
  const text = formText(form);
  const fields = {
    name: text("name").trim(),
    domains: domainList(text("domains")),
    username: text("username"),
    password: text("password"),
    totp_secret: text("totp_secret").trim(),
  };
  const mailbox = mailboxChange(text, existing, removeMailbox);
  if (!existing) return { ...fields, totp_secret: fields.totp_secret || undefined, ...mailbox };
  return {
    ...mailbox,
    name: fields.name,
    domains: fields.domains,
    ...(fields.username ? { username: fields.username } : {}),
    ...(fields.password ? { password: fields.password } : {}),
    ...(removeTotp ? { totp_secret: null } : fields.totp_secret ? { totp_secret: fields.totp_secret } : {}),
  };
}

/** Add or edit a credential. Values are write-only: when editing, a blank value keeps the saved one. */
export function CredentialDialog({ existing, onClose }: { existing: Credential | null; onClose: () => void }) {
  const [removeTotp, setRemoveTotp] = useState(false);
  const [removeMailbox, setRemoveMailbox] = useState(false);
  const saved = "Choose it in a task's Advanced Parameters to let the agent use it.";
  const save = useSaveItem({ noun: "credential", existing, saves: credentialSaves, saved, onClose });
  return (
    <FormDialog
      {...save.dialog}
      description="The agent types these values where a task allows it, on these domains only. They are encrypted and never shown again, here or to the AI model."
      onSubmit={(form) => save.save(credentialBody(form, existing, removeTotp, removeMailbox))}
    >
      <CredentialFields existing={existing} errors={save.errors} removeTotp={removeTotp} />
      {existing?.has_totp ? (
        <div className="flex items-center gap-2">
          <Checkbox id="credential-remove-totp" checked={removeTotp} onCheckedChange={(checked) => setRemoveTotp(checked === true)} />
          <Label htmlFor="credential-remove-totp" className="font-normal">
            Remove the saved authenticator key
          </Label>
        </div>
      ) : null}
      <MailboxFields existing={existing} errors={save.errors} onRemoveChange={setRemoveMailbox} />
    </FormDialog>
  );
}

function CredentialFields({ existing, errors, removeTotp }: { existing: Credential | null; errors: FieldErrors; removeTotp: boolean }) {
  const keep = existing ? "Leave blank to keep the saved one" : undefined;
  return (
    <>
      <ItemNameField
        id="credential-name"
        maxLength={CREDENTIAL_NAME_MAX}
        placeholder="github-work"
        defaultValue={existing?.name}
        error={errors.name}
      />
      <FormField
        id="credential-domains"
        label="Domains"
        error={errors.domains}
        hint="Where it may be typed, separated by commas. *.example.com also covers its subdomains."
      >
        <Input
          name="domains"
          autoComplete="off"
          spellCheck={false}
          placeholder="github.com, *.github.com"
          defaultValue={existing?.domains.join(", ")}
          required
        />
      </FormField>
      <FormField id="credential-username" label="Username" error={errors.username}>
        <Input name="username" autoComplete="off" spellCheck={false} placeholder={keep ?? "you@example.com"} required={!existing} />
      </FormField>
      <FormField id="credential-password" label="Password" error={errors.password}>
        <Input name="password" type="password" autoComplete="new-password" placeholder={keep} required={!existing} />
      </FormField>
      <FormField
        id="credential-totp"
        label="Authenticator key (optional)"
        error={errors.totp_secret}
        hint="For two-step sign-in: the key the site shows when you set up an authenticator app. The agent types a fresh 6-digit code."
      >
        <Input
          name="totp_secret"
          type="password"
          autoComplete="off"
          spellCheck={false}
          disabled={removeTotp}
          placeholder={existing?.has_totp ? "Leave blank to keep the saved key" : "The setup key, e.g. JBSW Y3DP EHPK 3PXP"}
        />
      </FormField>
    </>
  );
}
