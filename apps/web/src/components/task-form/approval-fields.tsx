import { APPROVAL_KIND_LABELS, APPROVAL_KINDS, type ApprovalKind } from "@errand/contract";
import { Checkbox } from "../ui/checkbox";
import { FormField, FormFieldset } from "../ui/form-field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import type { ApprovalFormValues } from "../../lib/tasks/task-approval-form";
import type { TaskFormState } from "./use-task-form";

/**
 * "Approval": the kinds of action the agent asks a person about first, the person's own words,
 * and how long a run waits for the answer (docs/adr/0048-approval-before-irreversible-actions.md).
 */
export function ApprovalFields({ id, form }: { id: string; form: TaskFormState }) {
  const { values, errors } = form;
  const approval = values.approval;
  const update = (change: Partial<ApprovalFormValues>) => form.set("approval", { ...approval, ...change });
  const toggle = (kind: ApprovalKind, on: boolean) =>
    update({ kinds: on ? [...approval.kinds, kind] : approval.kinds.filter((k) => k !== kind) });
  return (
    <FormFieldset
      id={`${id}-approval`}
      legend="Ask before"
      hint="The run waits, its clock stopped, until you approve or deny on the run page."
      error={errors.approval}
      className="@lg:col-span-2"
    >
      <div className="grid gap-5 @lg:grid-cols-2">
        <div className="grid gap-2">
          {APPROVAL_KINDS.map((kind) => (
            <div key={kind} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-approval-${kind}`}
                checked={approval.kinds.includes(kind)}
                onCheckedChange={(checked) => toggle(kind, checked === true)}
              />
              <Label htmlFor={`${id}-approval-${kind}`} className="font-normal">
                {APPROVAL_KIND_LABELS[kind]}
              </Label>
            </div>
          ))}
        </div>
        <div className="grid content-start gap-5">
          <FormField
            id={`${id}-approval-words`}
            label="Also on buttons with these words"
            hint="Optional, separated by commas, e.g. Confirm, Transfer."
          >
            <Input value={approval.words} onChange={(event) => update({ words: event.target.value })} />
          </FormField>
          <FormField id={`${id}-approval-timeout`} label="Wait for an answer (minutes)" hint="Unanswered, the run stops.">
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={approval.timeoutMinutes}
              onChange={(event) => update({ timeoutMinutes: event.target.value })}
            />
          </FormField>
        </div>
      </div>
    </FormFieldset>
  );
}
