import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CREDENTIAL_NAME_MAX, createCredentialSchema, updateCredentialSchema, type Credential } from "@errand/contract";
import { createCredential, credentialKeys, updateCredential } from "../../api/credentials";
import { ApiRequestError } from "../../api/http";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { fieldErrorsFromIssues, fieldErrorsFromServer, serverMessageOr, type FieldErrors } from "../../lib/forms/form-errors";
import { notify } from "../../components/ui/notify";
import { errorProps, FormField } from "../auth/form-field";

interface CredentialDialogProps {
  /** "new" to add one, a credential to edit it, null to keep the dialog closed. */
  editing: Credential | "new" | null;
  onClose: () => void;
}

/** "github.com, *.github.com" or one per line: the domains as a list. */
const domainList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** Add or edit a credential. Values are write-only: when editing, a blank value keeps the saved one. */
export function CredentialDialog({ editing, onClose }: CredentialDialogProps) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={editing !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {editing ? (
          <CredentialForm key={editing === "new" ? "new" : editing.id} editing={editing} busy={busy} setBusy={setBusy} onDone={onClose} onCancel={close} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface CredentialFormProps {
  editing: Credential | "new";
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

function CredentialForm({ editing, busy, setBusy, onDone, onCancel }: CredentialFormProps) {
  const queryClient = useQueryClient();
  const existing = editing === "new" ? null : editing;
  const [removeTotp, setRemoveTotp] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const fields = {
      name: text("name").trim(),
      domains: domainList(text("domains")),
      username: text("username"),
      password: text("password"),
      totp_secret: text("totp_secret").trim(),
    };
    // Editing: a blank value is kept as saved, so it is not sent.
    const body = existing
      ? {
          name: fields.name,
          domains: fields.domains,
          ...(fields.username ? { username: fields.username } : {}),
          ...(fields.password ? { password: fields.password } : {}),
          ...(removeTotp ? { totp_secret: null } : fields.totp_secret ? { totp_secret: fields.totp_secret } : {}),
        }
      : { ...fields, totp_secret: fields.totp_secret || undefined };
    // The contract's own schemas, so the messages are the API's.
    const parsed = existing ? updateCredentialSchema.safeParse(body) : createCredentialSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      if (existing) await updateCredential(existing.id, body);
      else await createCredential(body as typeof fields);
      void queryClient.invalidateQueries({ queryKey: credentialKeys.list() });
      notify.success(existing ? "Credential saved" : "Credential added", "Choose it in a task's Advanced Parameters to let the agent use it.");
      onDone();
    } catch (error) {
      const serverFields = fieldErrorsFromServer(error);
      setErrors(serverFields);
      // A name already used, the account's limit: the API's words, in the dialog.
      if (!Object.keys(serverFields).length) setFormError(serverMessageOr(error, "Failed to save the credential. Please try again."));
      if (!(error instanceof ApiRequestError)) notify.error("Error", "Failed to save the credential. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const keep = existing ? "Leave blank to keep the saved one" : undefined;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-label={existing ? "Edit credential" : "Add credential"}>
      <DialogHeader>
        <DialogTitle>{existing ? `Edit ${existing.name}` : "Add credential"}</DialogTitle>
        <DialogDescription>
          The agent types these values where a task allows it, on these domains only. They are encrypted and never shown again, here or to the
          AI model.
        </DialogDescription>
      </DialogHeader>
      <FormField id="credential-name" label="Name" error={errors.name}>
        <Input
          id="credential-name"
          name="name"
          autoComplete="off"
          spellCheck={false}
          maxLength={CREDENTIAL_NAME_MAX}
          placeholder="github-work"
          defaultValue={existing?.name}
          required
          {...errorProps("credential-name", errors.name)}
        />
      </FormField>
      <FormField id="credential-domains" label="Domains" error={errors.domains}>
        <Input
          id="credential-domains"
          name="domains"
          autoComplete="off"
          spellCheck={false}
          placeholder="github.com, *.github.com"
          defaultValue={existing?.domains.join(", ")}
          required
          aria-describedby={errors.domains ? "credential-domains-error" : "credential-domains-hint"}
          aria-invalid={errors.domains ? true : undefined}
        />
        <p id="credential-domains-hint" className="text-xs text-muted-foreground">
          Where it may be typed, separated by commas. *.example.com also covers its subdomains.
        </p>
      </FormField>
      <FormField id="credential-username" label="Username" error={errors.username}>
        <Input
          id="credential-username"
          name="username"
          autoComplete="off"
          spellCheck={false}
          placeholder={keep ?? (existing === null ? "you@example.com" : undefined)}
          required={!existing}
          {...errorProps("credential-username", errors.username)}
        />
      </FormField>
      <FormField id="credential-password" label="Password" error={errors.password}>
        <Input
          id="credential-password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={keep}
          required={!existing}
          {...errorProps("credential-password", errors.password)}
        />
      </FormField>
      <FormField id="credential-totp" label="Authenticator key (optional)" error={errors.totp_secret}>
        <Input
          id="credential-totp"
          name="totp_secret"
          type="password"
          autoComplete="off"
          spellCheck={false}
          disabled={removeTotp}
          placeholder={existing?.has_totp ? "Leave blank to keep the saved key" : "The setup key, e.g. JBSW Y3DP EHPK 3PXP"}
          aria-describedby={errors.totp_secret ? "credential-totp-error" : "credential-totp-hint"}
          aria-invalid={errors.totp_secret ? true : undefined}
        />
        <p id="credential-totp-hint" className="text-xs text-muted-foreground">
          For two-step sign-in: the key the site shows when you set up an authenticator app. The agent types a fresh 6-digit code.
        </p>
      </FormField>
      {existing?.has_totp ? (
        <div className="flex items-center gap-2">
          <Checkbox id="credential-remove-totp" checked={removeTotp} onCheckedChange={(checked) => setRemoveTotp(checked === true)} />
          <Label htmlFor="credential-remove-totp" className="font-normal">
            Remove the saved authenticator key
          </Label>
        </div>
      ) : null}
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
          {existing ? "Save" : "Add credential"}
        </Button>
      </DialogFooter>
    </form>
  );
}
