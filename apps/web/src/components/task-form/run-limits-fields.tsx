import { MAX_COST_USD_CEILING, MAX_STEPS_CEILING } from "@errand/contract";
import { FormField, FormFieldset } from "../ui/form-field";
import { FormValueField } from "./form-value-field";
import { NativeSelect } from "../ui/select";
import type { TaskFormState } from "./use-task-form";

/**
 * "Limits": the run's cost and step caps and what happens at one (docs/adr/0037-spending-limits.md).
 * Empty means no cap; the run's cost is what it is charged plus its model spend.
 */
export function RunLimitsFields({ id, form }: { id: string; form: TaskFormState }) {
  const { values, set } = form;
  return (
    <FormFieldset id={`${id}-limits`} legend="Limits" className="@lg:col-span-2">
      <div className="grid gap-5 @lg:grid-cols-3">
        {CAP_FIELDS.map((field) => (
          <FormValueField
            key={field.name}
            id={id}
            form={form}
            spec={field}
            type="number"
            inputMode={field.inputMode}
            min={field.min}
            max={field.max}
            step={field.min}
            placeholder="No limit"
          />
        ))}
        <FormField id={`${id}-on-limit`} label="At a limit" hint="Ask: the run waits for you to raise the limit or stop it.">
          <NativeSelect value={values.onLimit} onChange={(event) => set("onLimit", event.target.value === "ask" ? "ask" : "stop")}>
            <option value="stop">Stop the run</option>
            <option value="ask">Ask me</option>
          </NativeSelect>
        </FormField>
      </div>
    </FormFieldset>
  );
}

/** The caps a person may set; empty is none. `min` is also the step: cents, whole steps. */
const CAP_FIELDS = [
  {
    name: "maxCostUsd",
    slug: "max-cost",
    error: "max_cost_usd",
    label: "Cost limit (USD)",
    hint: "Optional. Charged time plus model spend.",
    inputMode: "decimal",
    min: 0.01,
    max: MAX_COST_USD_CEILING,
  },
  {
    name: "maxSteps",
    slug: "max-steps",
    error: "max_steps",
    label: "Step limit",
    hint: "Optional. Steps the agent may take.",
    inputMode: "numeric",
    min: 1,
    max: MAX_STEPS_CEILING,
  },
] as const;
