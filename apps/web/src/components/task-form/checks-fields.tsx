import { CHECK_KINDS, CHECKS_LIMITS, type CheckKind } from "@errand/contract";
import { Plus, Trash2 } from "lucide-react";
import { CHECK_KIND_LABELS, newCheckRow, type CheckRowValues, type ChecksFormValues } from "../../lib/tasks/task-checks-form";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { FormField, FormFieldset } from "../ui/form-field";
import { IconButton } from "../ui/icon-button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/select";
import { Textarea } from "../ui/textarea";
import type { TaskFormState } from "./use-task-form";

/**
 * "Checks": what the answer must pass before a run counts as a success, the judge's
 * instructions, and when a failed run is retried (docs/adr/0043-verified-results.md).
 */
export function ChecksFields({ id, form }: { id: string; form: TaskFormState }) {
  const { values, errors } = form;
  const checks = values.checks;
  const update = (change: Partial<ChecksFormValues>) => form.set("checks", { ...checks, ...change });
  const setRow = (index: number, row: CheckRowValues) => update({ rows: checks.rows.map((r, i) => (i === index ? row : r)) });
  return (
    <FormFieldset
      id={`${id}-checks`}
      legend="Checks"
      error={errors.checks}
      hint={
        errors.checks
          ? undefined
          : "A run whose answer fails a check or the judge ends as failed. Paths are dotted, e.g. items.0.price; empty is the whole answer."
      }
      className="@lg:col-span-2"
    >
      <ul className="grid gap-3" aria-label="Checks on the answer">
        {checks.rows.map((row, index) => (
          <CheckRow
            // The rows have no identity of their own; their place is it.
            key={index}
            id={`${id}-check-${index + 1}`}
            number={index + 1}
            row={row}
            onChange={(next) => setRow(index, next)}
            onRemove={() => update({ rows: checks.rows.filter((_, i) => i !== index) })}
          />
        ))}
      </ul>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={checks.rows.length >= CHECKS_LIMITS.maxAssertions}
          onClick={() => update({ rows: [...checks.rows, newCheckRow()] })}
        >
          <Plus aria-hidden="true" /> Add check
        </Button>
      </div>
      <FormField
        id={`${id}-judge`}
        label="Judge instructions"
        hint="Optional. The model reads the task, the answer and the last page, and says pass, fail or unsure."
      >
        <Textarea
          rows={3}
          maxLength={CHECKS_LIMITS.maxInstructions}
          placeholder="e.g. The price must be the one shown for the 1 kg bag."
          value={checks.judgeInstructions}
          onChange={(event) => update({ judgeInstructions: event.target.value })}
        />
      </FormField>
      <RetryFields id={id} form={form} />
    </FormFieldset>
  );
}

function CheckRow(props: {
  id: string;
  number: number;
  row: CheckRowValues;
  onChange: (row: CheckRowValues) => void;
  onRemove: () => void;
}) {
  const { id, number, row, onChange } = props;
  const set = (change: Partial<CheckRowValues>) => onChange({ ...row, ...change });
  return (
    <li className="grid gap-3 rounded-md border p-3 @lg:grid-cols-[12rem_1fr_1fr_auto] @lg:items-end">
      <FormField id={`${id}-kind`} label={`Check ${number}`}>
        <NativeSelect value={row.kind} onChange={(event) => set({ kind: event.target.value as CheckKind })}>
          {CHECK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CHECK_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-path`} label="Path">
        <Input placeholder="the whole answer" value={row.path} onChange={(event) => set({ path: event.target.value })} />
      </FormField>
      <CheckDetail id={id} row={row} set={set} />
      <IconButton label={`Remove check ${number}`} icon={<Trash2 aria-hidden="true" />} tone="destructive" onClick={props.onRemove} />
    </li>
  );
}

/** What the kind needs besides its path: a pattern, bounds or a count. */
function CheckDetail({ id, row, set }: { id: string; row: CheckRowValues; set: (change: Partial<CheckRowValues>) => void }) {
  if (row.kind === "pattern")
    return (
      <FormField id={`${id}-pattern`} label="Pattern">
        <Input
          className="font-mono"
          placeholder="^\d+(\.\d+)?$"
          value={row.pattern}
          onChange={(event) => set({ pattern: event.target.value })}
        />
      </FormField>
    );
  if (row.kind === "range")
    return (
      <div className="grid grid-cols-2 gap-2">
        <FormField id={`${id}-min`} label="Minimum">
          <Input type="number" inputMode="decimal" value={row.min} onChange={(event) => set({ min: event.target.value })} />
        </FormField>
        <FormField id={`${id}-max`} label="Maximum">
          <Input type="number" inputMode="decimal" value={row.max} onChange={(event) => set({ max: event.target.value })} />
        </FormField>
      </div>
    );
  if (row.kind === "min_items")
    return (
      <FormField id={`${id}-n`} label="At least">
        <Input type="number" inputMode="numeric" min={1} step={1} value={row.n} onChange={(event) => set({ n: event.target.value })} />
      </FormField>
    );
  return <div aria-hidden="true" />;
}

function RetryFields({ id, form }: { id: string; form: TaskFormState }) {
  const { values, errors } = form;
  const checks = values.checks;
  const update = (change: Partial<ChecksFormValues>) => form.set("checks", { ...checks, ...change });
  return (
    <div className="grid gap-3 @lg:grid-cols-3 @lg:items-start">
      <div className="flex items-center gap-2 @lg:pt-7">
        <Checkbox
          id={`${id}-retry-verdict`}
          checked={checks.retryOnVerdictFail}
          onCheckedChange={(checked) => update({ retryOnVerdictFail: checked === true })}
        />
        <Label htmlFor={`${id}-retry-verdict`} className="font-normal">
          Retry when the checks fail
        </Label>
      </div>
      <FormField id={`${id}-retry-kinds`} label="Retry on failure kinds" hint="Optional, separated by commas, e.g. page_error.">
        <Input value={checks.retryKinds} onChange={(event) => update({ retryKinds: event.target.value })} />
      </FormField>
      <FormField
        id={`${id}-retry-max`}
        label="Retries at most"
        error={errors.retry}
        hint={errors.retry ? undefined : `0 to ${CHECKS_LIMITS.maxRetries}; each retry is a new run.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={CHECKS_LIMITS.maxRetries}
          step={1}
          value={checks.retryMax}
          onChange={(event) => update({ retryMax: event.target.value })}
        />
      </FormField>
    </div>
  );
}
