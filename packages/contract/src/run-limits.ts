import { z } from "zod";
import { CREDIT_UNITS_PER_DOLLAR } from "./constants.ts";
import type { FailureKind } from "./failure-kinds.ts";

/**
 * Caps of one run (docs/adr/0037-spending-limits.md): its cost in dollars (charged time plus
 * model spend) and its steps. At a cap the run stops with a reason naming it, or, with
 * on_limit "ask", waits for a person to raise the cap or stop it.
 */
export const ON_LIMIT_ACTIONS = ["stop", "ask"] as const;
export type OnLimitAction = (typeof ON_LIMIT_ACTIONS)[number];

/** The highest cost cap a run may be given, in dollars. */
export const MAX_COST_USD_CEILING = 1000;
/** The most steps a run may be allowed. */
export const MAX_STEPS_CEILING = 500;

const emptyIsNull = (v: unknown) => (v === "" ? null : v);

export const maxCostUsdSchema = z.preprocess(
  emptyIsNull,
  z
    .number({ error: "max_cost_usd must be a number of dollars" })
    .min(0.01, { error: `max_cost_usd must be between 0.01 and ${MAX_COST_USD_CEILING}` })
    .max(MAX_COST_USD_CEILING, { error: `max_cost_usd must be between 0.01 and ${MAX_COST_USD_CEILING}` })
    .nullable()
    .optional(),
);
export const maxStepsSchema = z.preprocess(
  emptyIsNull,
  z
    .number({ error: "max_steps must be a whole number" })
    .int({ error: "max_steps must be a whole number" })
    .min(1, { error: `max_steps must be between 1 and ${MAX_STEPS_CEILING}` })
    .max(MAX_STEPS_CEILING, { error: `max_steps must be between 1 and ${MAX_STEPS_CEILING}` })
    .nullable()
    .optional(),
);
export const onLimitSchema = z.enum(ON_LIMIT_ACTIONS, { error: "on_limit must be stop or ask" });

/** The fields a run (and a task) is created with. */
export const runLimitFields = {
  max_cost_usd: maxCostUsdSchema.meta({
    description: "Stop (or ask, see on_limit) once the run has cost this many dollars: charged time plus model spend. null: no cap.",
  }),
  max_steps: maxStepsSchema.meta({ description: "Stop (or ask) once the run has taken this many steps. null: no cap." }),
  // Forms and no-code tools send "" for a field left empty: the default then.
  on_limit: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), onLimitSchema.default("stop"))
    .meta({
      description: 'At a cap: "stop" ends the run with a reason naming the cap; "ask" waits for a person to raise the cap or stop the run.',
    }),
};

/** PATCH /runs/{id}/limits: the caps of a running run; a field left out keeps its value, null removes the cap. */
export const runLimitsPatchSchema = z
  .object({ max_cost_usd: maxCostUsdSchema, max_steps: maxStepsSchema, on_limit: onLimitSchema.optional() })
  .refine((v) => v.max_cost_usd !== undefined || v.max_steps !== undefined || v.on_limit !== undefined, {
    error: "Send max_cost_usd, max_steps or on_limit",
  });
export type RunLimitsPatch = z.output<typeof runLimitsPatchSchema>;

/** What a run shows of its caps and spend. */
export const runSpendFields = {
  max_cost_usd: z.number().nullable(),
  max_steps: z.number().int().nullable(),
  on_limit: z.enum(ON_LIMIT_ACTIONS),
  model_cost: z.number().int().nullable().meta({
    description: "Model spend at the operator's model prices (credit units, 1/10,000 dollar); null when no price is set for the model.",
  }),
};

export const runLimitsSchema = z.object({
  max_cost_usd: z.number().nullable(),
  max_steps: z.number().int().nullable(),
  on_limit: z.enum(ON_LIMIT_ACTIONS),
});
export type RunLimits = z.infer<typeof runLimitsSchema>;

/** Dollars to credit units and back (a cap of $0.50 is 5,000 units). */
export const dollarsToUnits = (usd: number) => Math.round(usd * CREDIT_UNITS_PER_DOLLAR);
export const unitsToDollars = (units: number) => units / CREDIT_UNITS_PER_DOLLAR;

/** "$0.50", "$12.00", "$0.0023": at least cents, more digits only when they matter. */
export function formatUsd(usd: number): string {
  const cents = usd.toFixed(2);
  return Number(cents) === usd ? `$${cents}` : `$${Number(usd.toFixed(4))}`;
}

/** The reasons a run gives at a cap (the run page shows them). */
export const costCapReason = (usd: number) => `Stopped: reached its cost limit of ${formatUsd(usd)}`;
export const stepCapReason = (steps: number) => `Stopped: reached its step limit of ${steps} ${steps === 1 ? "step" : "steps"}`;
export const costCapQuestion = (usd: number) =>
  `The run reached its cost limit of ${formatUsd(usd)}. Raise the limit to let it go on, or stop it.`;
export const stepCapQuestion = (steps: number) =>
  `The run reached its step limit of ${steps} ${steps === 1 ? "step" : "steps"}. Raise the limit to let it go on, or stop it.`;

/**
 * What a run has used so far, as its caps are judged (the clock stopped while a person held it):
 * the agent reports it, services judge it (checkRunCaps).
 */
export interface RunUsage {
  steps: number;
  seconds: number;
  inputTokens: number;
  outputTokens: number;
  /**
   * Before a model call: the input tokens it is estimated to read, so a cost cap is judged with
   * what the call would add and the run makes no call its cap cannot cover. Absent after a step.
   */
  nextCallInputTokens?: number;
}

/** At a cap, its failure kind (docs/adr/0042-failure-kinds.md): a cost cap is budget_exhausted, a step cap step_limit. */
type CapKind = Extract<FailureKind, "budget_exhausted" | "step_limit">;

/** The judgement of a run's caps after a step: go on, stop with a reason, or wait for a person to raise the cap. */
export type CapVerdict =
  | { action: "go" }
  | { action: "stop"; reason: string; kind: CapKind }
  | { action: "ask"; question: string; reason: string; kind: CapKind };
