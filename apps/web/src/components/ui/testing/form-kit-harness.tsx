import { useState } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { apiRequest, ignoreBody } from "../../../api/http";
import { formText } from "../../../lib/forms/form-values";
import { Button } from "../button";
import { FormDialog } from "../form-dialog";
import { FormField } from "../form-field";
import { Input } from "../input";
import { useSubmit } from "../use-submit";
import { DeleteList, TallDialog } from "./focus-harness-parts";
import "../../../styles.css";

/**
 * A page for the form kit's browser test (form-kit.test.ts): a button opens a dialog with two
 * fields; its form checks Note itself and sends the rest to the test's server, which answers as
 * the test says. Below it, a tall dialog and rows deleted from a dialog (focus-harness-parts.tsx).
 */
function ThingDialog({ onClose }: { onClose: () => void }) {
  const save = useSubmit({
    action: (body: { name: string; note: string }) => apiRequest("/api/v1/things", ignoreBody, { method: "POST", body }),
    onSuccess: onClose,
    failure: { message: "Failed to save the thing. Please try again.", apiMessage: true, show: "form" },
  });

  function submit(form: HTMLFormElement) {
    const text = formText(form);
    const body = { name: text("name"), note: text("note") };
    if (body.note) save.run(body);
    else save.invalid({ note: "Note is required" });
  }

  return (
    <FormDialog
      label="Add thing"
      title="Add thing"
      description="A thing to try the form kit with."
      submit={save}
      onSubmit={submit}
      submitLabel="Save thing"
      onClose={onClose}
    >
      <FormField id="thing-name" label="Name" error={save.errors.name}>
        <Input name="name" />
      </FormField>
      <FormField id="thing-note" label="Note" hint="Anything at all." error={save.errors.note}>
        <Input name="note" />
      </FormField>
    </FormDialog>
  );
}

function Harness() {
  const [open, setOpen] = useState<"thing" | "tall" | null>(null);
  const close = () => setOpen(null);
  return (
    <main>
      <Button onClick={() => setOpen("thing")}>Open thing</Button>
      <Button>Elsewhere</Button>
      <Button onClick={() => setOpen("tall")}>Open tall thing</Button>
      {open === "thing" ? <ThingDialog onClose={close} /> : null}
      {open === "tall" ? <TallDialog onClose={close} /> : null}
      <DeleteList />
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <QueryClientProvider client={new QueryClient()}>
    <Harness />
  </QueryClientProvider>,
);
