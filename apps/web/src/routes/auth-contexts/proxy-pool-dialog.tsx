import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { createProxyPoolSchema, PROXY_POOL_NAME_MAX, updateProxyPoolSchema, type ProxyEntry, type ProxyPool, type ProxyRotation } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { createProxyPool, proxyKeys, updateProxyPool } from "../../api/proxies";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/select";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { serverMessageOr, type FieldErrors } from "../../lib/forms/form-errors";
import { notify } from "../../components/ui/notify";
import { errorProps, FormField } from "../auth/form-field";
import { entryProblem, poolEntries } from "./proxy-pool-lines";

interface ProxyPoolDialogProps {
  /** "new" to add one, a pool to edit it, null to keep the dialog closed. */
  editing: ProxyPool | "new" | null;
  onClose: () => void;
}

/** Add or edit a proxy pool. Credentials are write-only: a saved proxy is kept (or removed), never shown with them. */
export function ProxyPoolDialog({ editing, onClose }: ProxyPoolDialogProps) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={editing !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {editing ? <PoolForm key={editing === "new" ? "new" : editing.id} editing={editing} busy={busy} setBusy={setBusy} onDone={onClose} onCancel={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface PoolFormProps {
  editing: ProxyPool | "new";
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

function PoolForm({ editing, busy, setBusy, onDone, onCancel }: PoolFormProps) {
  const queryClient = useQueryClient();
  const existing = editing === "new" ? null : editing;
  const [kept, setKept] = useState<ProxyEntry[]>(existing?.entries ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** The first message per field; a proxy's problem names its line. */
  const toErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    const found: FieldErrors = {};
    for (const issue of issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !found[field]) found[field] = entryProblem(issue.path, issue.message, kept.length);
    }
    return found;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const rotation = String(data.get("rotation") ?? "round-robin") as ProxyRotation;
    const entries = poolEntries(kept, String(data.get("entries") ?? ""));
    const body = { name, rotation, entries };
    // The contract's own schemas, so the messages are the API's.
    const parsed = existing ? updateProxyPoolSchema.safeParse(body) : createProxyPoolSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(toErrors(parsed.error.issues));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      if (existing) await updateProxyPool(existing.id, body);
      else await createProxyPool({ name, rotation, entries: entries as { url: string; country?: string }[] });
      void queryClient.invalidateQueries({ queryKey: proxyKeys.list() });
      notify.success(existing ? "Proxy pool saved" : "Proxy pool added", "Choose it in a task's Advanced Parameters or when you save a login.");
      onDone();
    } catch (error) {
      const serverFields = error instanceof ApiRequestError ? toErrors(error.fields.map((f) => ({ path: f.path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: f.message }))) : {};
      setErrors(serverFields);
      if (!Object.keys(serverFields).length) setFormError(serverMessageOr(error, "Failed to save the proxy pool. Please try again."));
      if (!(error instanceof ApiRequestError)) notify.error("Error", "Failed to save the proxy pool. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-label={existing ? "Edit proxy pool" : "Add proxy pool"}>
      <DialogHeader>
        <DialogTitle>{existing ? `Edit ${existing.name}` : "Add proxy pool"}</DialogTitle>
        <DialogDescription>
          Proxies a run can go out through, one picked per run. Usernames and passwords are encrypted and never shown again.
        </DialogDescription>
      </DialogHeader>
      <FormField id="proxy-pool-name" label="Name" error={errors.name}>
        <Input
          id="proxy-pool-name"
          name="name"
          autoComplete="off"
          spellCheck={false}
          maxLength={PROXY_POOL_NAME_MAX}
          placeholder="residential-eu"
          defaultValue={existing?.name}
          required
          {...errorProps("proxy-pool-name", errors.name)}
        />
      </FormField>
      <FormField id="proxy-pool-rotation" label="Rotation" error={errors.rotation}>
        <NativeSelect id="proxy-pool-rotation" name="rotation" defaultValue={existing?.rotation ?? "round-robin"}>
          <option value="round-robin">Round-robin: each run takes the next proxy</option>
          <option value="random">Random</option>
        </NativeSelect>
      </FormField>
      {kept.length ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Saved proxies</legend>
          <ul className="grid gap-2" aria-label="Saved proxies">
            {kept.map((entry) => (
              <li key={entry.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 font-mono break-all">
                  {entry.server}
                  {entry.country ? ` ${entry.country.toUpperCase()}` : ""}
                </span>
                {entry.has_credentials ? <span className="shrink-0 text-xs text-muted-foreground">credentials saved</span> : null}
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setKept((list) => list.filter((e) => e.id !== entry.id))}
                  aria-label={`Remove ${entry.server}`}
                  title={`Remove ${entry.server}`}
                  className="shrink-0 text-muted-foreground hover:text-destructive"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FormField id="proxy-pool-entries" label={existing ? "Add proxies" : "Proxies"} error={errors.entries}>
        <Textarea
          id="proxy-pool-entries"
          name="entries"
          rows={4}
          spellCheck={false}
          autoComplete="off"
          placeholder={"http://user:pass@proxy.example.com:8080 de\nsocks5://user-{session}-country-{country}:pass@gw.example.com:7777"}
          className="font-mono text-xs sm:text-xs"
          aria-describedby={errors.entries ? "proxy-pool-entries-error" : "proxy-pool-entries-hint"}
          aria-invalid={errors.entries ? true : undefined}
        />
        <p id="proxy-pool-entries-hint" className="text-xs text-muted-foreground">
          One a line: http://, https:// or socks5://, then optionally its country (two letters). In a username, {"{session}"} becomes a new id for
          each run (a saved login keeps its own) and {"{country}"} the country asked for.
        </p>
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
          {existing ? "Save" : "Add proxy pool"}
        </Button>
      </DialogFooter>
    </form>
  );
}
