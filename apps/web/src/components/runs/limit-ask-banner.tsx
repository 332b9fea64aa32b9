import { useId, useState } from "react";
import { Gauge } from "lucide-react";
import { costCapQuestion, stepCapQuestion, type Run } from "@errand/contract";
import { setRunLimits } from "../../api/runs";
import { BusyButton } from "../ui/busy-button";
import { Form } from "../ui/form";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { notify } from "../ui/notify";
import { useSubmit } from "../ui/use-submit";
import { RoleNote } from "../../workspaces/role-note";

type LimitedRun = Pick<Run, "id" | "needs_person" | "max_cost_usd" | "max_steps">;

/** Which limit a run waits at (on_limit "ask", docs/adr/0037-spending-limits.md), or null when it waits for another reason. */
export function limitAsked(run: LimitedRun): "cost" | "steps" | null {
  if (!run.needs_person) return null;
  if (run.max_cost_usd !== null && run.needs_person === costCapQuestion(run.max_cost_usd)) return "cost";
  if (run.max_steps !== null && run.needs_person === stepCapQuestion(run.max_steps)) return "steps";
  return null;
}

/**
 * A run waiting at its limit: the question, and a new limit to let it go on (Cancel, beside it,
 * stops it); for a role that may only read (`canRaise` false), who can raise it instead.
 */
export function LimitAskBanner({ run, limit, canRaise = true }: { run: LimitedRun; limit: "cost" | "steps"; canRaise?: boolean }) {
  const id = useId();
  const current = limit === "cost" ? (run.max_cost_usd ?? 0) : (run.max_steps ?? 0);
  const [value, setValue] = useState(String(limit === "cost" ? Number((current * 2).toFixed(2)) : current * 2));
  const raise = useSubmit({
    action: (next: number) => setRunLimits(run.id, limit === "cost" ? { max_cost_usd: next } : { max_steps: next }),
    onSuccess: () => notify.success("Limit raised", "The run goes on after its current check."),
    failure: { message: "Failed to raise the limit. Please try again.", apiMessage: true },
  });
  const field = limit === "cost" ? "max_cost_usd" : "max_steps";
  const submit = () => {
    const next = Number(value.trim().replace(/^\$/, ""));
    if (Number.isFinite(next) && next > current) raise.run(next);
    else raise.invalid({ [field]: `Enter a limit above the current one (${current}).` });
  };
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-amber-900">
      <p className="flex items-start gap-2 text-sm font-medium break-words">
        <Gauge className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {run.needs_person}
      </p>
      {canRaise ? (
        <Form submit={raise} onSubmit={submit} aria-label="Raise the limit" className="flex flex-wrap items-end gap-3">
          <FormField
            id={`${id}-limit`}
            label={limit === "cost" ? "New cost limit (USD)" : "New step limit"}
            error={raise.errors[field]}
            className="min-w-40 flex-1 basis-40"
          >
            <Input
              type="text"
              inputMode="decimal"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className="bg-background"
            />
          </FormField>
          <BusyButton type="submit" size="sm" busy={raise.busy} busyLabel="Raising...">
            Raise limit
          </BusyButton>
        </Form>
      ) : (
        <RoleNote operation="run" what="raise a run's limit" className="text-amber-900" />
      )}
    </div>
  );
}
