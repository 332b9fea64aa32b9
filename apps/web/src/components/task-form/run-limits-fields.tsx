import { MAX_COST_USD_CEILING, MAX_STEPS_CEILING } from "@errand/contract";
import { FormField, FormFieldset } from "../ui/form-field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/select";
import type { TaskFormState } from "./use-task-form";

/**
 * "Limits": the run's cost and step caps and what happens at one (docs/adr/0037-spending-limits.md).
 * Empty means no cap; the run's cost is what it is charged plus its model spend.
 */
export function RunLimitsFields({ id, form }: { id: string; form: TaskFormState }) {
  const { values, set, errors } = form;
  return (
    <FormFieldset id={`${id}-limits`} legend="Limits" className="@lg:col-span-2">
      <div className="grid gap-5 @lg:grid-cols-3">
        <FormField
          id={`${id}-max-cost`}
          label="Cost limit (USD)"
          error={errors.max_cost_usd}
          hint="Optional. Charged time plus model spend."
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0.01}
            max={MAX_COST_USD_CEILING}
            step={0.01}
            placeholder="No limit"
            value={values.maxCostUsd}
            onChange={(event) => set("maxCostUsd", event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-max-steps`} label="Step limit" error={errors.max_steps} hint="Optional. Steps the agent may take.">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_STEPS_CEILING}
            step={1}
            placeholder="No limit"
            value={values.maxSteps}
            onChange={(event) => set("maxSteps", event.target.value)}
          />
        </FormField>
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
