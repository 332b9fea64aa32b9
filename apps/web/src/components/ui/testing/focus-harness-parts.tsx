import { useEffect, useState } from "react";
import { apiRequest, ignoreBody } from "../../../api/http";
import { Button } from "../button";
import { ConfirmDeleteDialog } from "../confirm-delete-dialog";
import { FormDialog } from "../form-dialog";
import { FormField } from "../form-field";
import { Input } from "../input";
import { useSubmit } from "../use-submit";

/*
 * The parts of the form kit's harness page (form-kit.test.ts) that try where focus goes: a list
 * whose rows are deleted from a dialog, and a dialog taller than the screen.
 */

const ROWS = ["alpha", "beta", "gamma"];

/**
 * Three rows with Delete. The DELETE goes to the test's server; the row leaves the list at once,
 * or, with ?late in the address, only when the test calls `readListAgain()` (a list read again
 * after the dialog has closed).
 */
export function DeleteList() {
  const [rows, setRows] = useState(ROWS);
  const [gone, setGone] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const late = new URLSearchParams(window.location.search).has("late");
  useEffect(() => {
    Object.assign(window, { readListAgain: () => setRows((list) => list.filter((row) => !gone.includes(row))) });
  }, [gone]);
  return (
    <section aria-label="Rows">
      <h2>Rows</h2>
      {rows.length ? (
        <ul>
          {rows.map((row) => (
            <li key={row}>
              <a href={`#${row}`}>Open {row}</a>
              <Button title="Delete row" aria-label={`Delete ${row}`} onClick={() => setDeleting(row)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <Button>Add a row</Button>
      )}
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete row?"
        describe={(row) => `The row ${row} will be deleted.`}
        remove={(row) => apiRequest("/api/v1/things", ignoreBody, { method: "POST", body: { delete: row } })}
        onDeleted={(row) => (late ? setGone((list) => [...list, row]) : setRows((list) => list.filter((other) => other !== row)))}
        onFailed={() => undefined}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

const TALL_FIELDS = Array.from({ length: 9 }, (_, index) => `field-${index + 1}`);

/** A dialog with nine required fields and their hints: with every error shown it is taller than a laptop's screen. */
export function TallDialog({ onClose }: { onClose: () => void }) {
  const save = useSubmit({ action: () => Promise.resolve(), onSuccess: onClose, failure: { message: "Failed." } });
  return (
    <FormDialog
      label="Add tall thing"
      title="Add tall thing"
      description="Nine fields, each required."
      submit={save}
      onSubmit={(form) => {
        const empty = TALL_FIELDS.filter((name) => !(form.elements.namedItem(name) as HTMLInputElement).value);
        if (empty.length) save.invalid(Object.fromEntries(empty.map((name) => [name, `${name} is required: say what it is.`])));
        else save.run();
      }}
      submitLabel="Save tall thing"
      onClose={onClose}
    >
      {TALL_FIELDS.map((name) => (
        <FormField
          key={name}
          id={`tall-${name}`}
          label={name}
          hint="A hint that takes a line or two on a phone's screen."
          error={save.errors[name]}
        >
          <Input name={name} />
        </FormField>
      ))}
    </FormDialog>
  );
}
