import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_EXPLANATIONS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreateApiKey,
  type CreatedApiKey,
} from "@errand/contract";
import { createNamedApiKey, namedApiKeysQueryKey } from "../../api/named-api-keys";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { copyAndTell, CopyableSecret } from "../../components/ui/copyable-secret";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField, FormFieldset } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/select";
import { useSubmit } from "../../components/ui/use-submit";
import { KEY_EXPIRY_CHOICES, scopeLabel } from "../../lib/developer/named-api-keys";
import { submitChecked } from "../../lib/forms/checked-submit";
import { formText } from "../../lib/forms/form-values";

/**
 * Create key: a name, its scopes (each explained in a line) and an expiry; then the secret,
 * shown this once with Copy and a warning.
 */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["read"]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useSubmit({
    action: (input: CreateApiKey) => createNamedApiKey(input),
    onSuccess: (key) => {
      void queryClient.invalidateQueries({ queryKey: namedApiKeysQueryKey });
      setCreated(key);
    },
    // The 50-key limit (409) and a missing role (403): the API's words, in the dialog.
    failure: { message: "Failed to create the key. Please try again.", apiMessage: true, show: "form" },
  });

  function submit(form: HTMLFormElement) {
    const text = formText(form);
    const days = text("expiry");
    // The contract's own schema, so the messages are the API's.
    const body = { name: text("name"), scopes, expires_in_days: days ? Number(days) : undefined };
    void submitChecked(
      create,
      (s) => s.createApiKeySchema,
      body,
      (data) => data,
    );
  }

  function toggle(scope: ApiKeyScope, checked: boolean) {
    setScopes((current) =>
      checked ? API_KEY_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope),
    );
  }

  return (
    <FormDialog
      onClose={onClose}
      title="Create key"
      label="Create key"
      description="The key acts as you in this workspace, limited to the scopes you choose."
      submit={create}
      onSubmit={submit}
      submitLabel="Create key"
      done={created ? <CreatedKey apiKey={created} onDone={onClose} /> : null}
    >
      <FormField id="key-name" label="Name" error={create.errors.name}>
        <Input name="name" autoComplete="off" maxLength={API_KEY_NAME_MAX} placeholder="e.g. n8n production" required />
      </FormField>
      <FormFieldset id="key-scopes" legend="Scopes" error={create.errors.scopes}>
        {API_KEY_SCOPES.map((scope) => (
          <div key={scope} className="flex items-start gap-2">
            <Checkbox
              id={`key-scope-${scope}`}
              className="mt-0.5"
              checked={scopes.includes(scope)}
              onCheckedChange={(checked) => toggle(scope, checked === true)}
              aria-describedby={`key-scope-${scope}-hint`}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`key-scope-${scope}`}>{scopeLabel(scope)}</Label>
              <p id={`key-scope-${scope}-hint`} className="text-xs text-muted-foreground">
                {API_KEY_SCOPE_EXPLANATIONS[scope]}
              </p>
            </div>
          </div>
        ))}
      </FormFieldset>
      <FormField id="key-expiry" label="Expires after" error={create.errors.expires_in_days}>
        <NativeSelect name="expiry" defaultValue="90">
          {KEY_EXPIRY_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.days ?? ""}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}

function CreatedKey({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form's button is gone: keyboard focus goes to what comes next, copying the key.
  useEffect(() => copyButton.current?.focus(), []);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Key created</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          Send it in the <code className="font-mono">x-api-key</code> header: it acts as you, limited to the scopes you gave “{apiKey.name}
          ”.
        </DialogDescription>
      </DialogHeader>
      <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Copy the key now: it will not be shown again.
      </p>
      <CopyableSecret
        label="New API key"
        shown={apiKey.secret}
        copyLabel="Copy new API key"
        copyRef={copyButton}
        onCopy={() =>
          void copyAndTell(
            apiKey.secret,
            ["API key copied", "API key has been copied to clipboard."],
            "Could not copy the key. Select it and copy it by hand.",
          )
        }
      />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
