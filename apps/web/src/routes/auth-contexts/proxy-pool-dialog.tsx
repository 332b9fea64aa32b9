import { useState } from "react";
import { Trash2 } from "lucide-react";
import { PROXY_POOL_NAME_MAX, type ProxyEntry, type ProxyPool, type ProxyRotation } from "@errand/contract";
import { proxyPoolSaves } from "../../api/proxies";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { IconButton } from "../../components/ui/icon-button";
import { NativeSelect } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { useSaveItem } from "../../components/ui/use-save-item";
import type { FieldErrors, Issue } from "../../lib/forms/form-errors";
import { formText } from "../../lib/forms/form-values";
import { ItemNameField } from "./item-name-field";
import { entryProblem, poolEntries } from "./proxy-pool-lines";

/** Add or edit a proxy pool. Credentials are write-only: a saved proxy is kept (or removed), never shown with them. */
export function ProxyPoolDialog({ existing, onClose }: { existing: ProxyPool | null; onClose: () => void }) {
  const [kept, setKept] = useState<ProxyEntry[]>(existing?.entries ?? []);
  // A proxy's problem names its line.
  const say = (issue: Issue) => entryProblem(issue.path, issue.message, kept.length);
  const saved = "Choose it in a task's Advanced Parameters or when you save a login.";
  const save = useSaveItem({ noun: "proxy pool", existing, saves: proxyPoolSaves, saved, say, onClose });

  function submit(form: HTMLFormElement) {
    const text = formText(form);
    const rotation = (text("rotation") || "round-robin") as ProxyRotation;
    save.save({ name: text("name").trim(), rotation, entries: poolEntries(kept, text("entries")) });
  }

  return (
    <FormDialog
      {...save.dialog}
      description="Proxies a run can go out through, one picked per run. Usernames and passwords are encrypted and never shown again."
      onSubmit={submit}
    >
      <ItemNameField
        id="proxy-pool-name"
        maxLength={PROXY_POOL_NAME_MAX}
        placeholder="residential-eu"
        defaultValue={existing?.name}
        error={save.errors.name}
      />
      <FormField id="proxy-pool-rotation" label="Rotation" error={save.errors.rotation}>
        <NativeSelect name="rotation" defaultValue={existing?.rotation ?? "round-robin"}>
          <option value="round-robin">Round-robin: each run takes the next proxy</option>
          <option value="random">Random</option>
        </NativeSelect>
      </FormField>
      {kept.length ? <KeptProxies kept={kept} onRemove={(entry) => setKept((list) => list.filter((e) => e.id !== entry.id))} /> : null}
      <NewProxiesField editing={existing !== null} errors={save.errors} />
    </FormDialog>
  );
}

/** The pool's saved proxies, each with a button to remove it. */
function KeptProxies({ kept, onRemove }: { kept: ProxyEntry[]; onRemove: (entry: ProxyEntry) => void }) {
  return (
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
            <IconButton
              label={`Remove ${entry.server}`}
              icon={<Trash2 aria-hidden="true" />}
              tone="destructive"
              className="shrink-0"
              onClick={() => onRemove(entry)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The new proxies, one a line (editing: added to the saved ones). */
function NewProxiesField({ editing, errors }: { editing: boolean; errors: FieldErrors }) {
  return (
    <FormField
      id="proxy-pool-entries"
      label={editing ? "Add proxies" : "Proxies"}
      error={errors.entries}
      hint={
        <>
          One a line: http://, https:// or socks5://, then optionally its country (two letters). In a username, {"{session}"} becomes a new
          id for each run (a saved login keeps its own) and {"{country}"} the country asked for.
        </>
      }
    >
      <Textarea
        name="entries"
        rows={4}
        spellCheck={false}
        autoComplete="off"
        placeholder={"http://user:pass@proxy.example.com:8080 de\nsocks5://user-{session}-country-{country}:pass@gw.example.com:7777"}
        className="font-mono text-xs sm:text-xs"
      />
    </FormField>
  );
}
