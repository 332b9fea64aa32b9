import { PRICE_PER_SECOND_UNITS } from "@errand/contract";
import type { tasksRuns } from "@errand/db";
import type { ServiceConfig } from "../context.ts";

/** Credit units (1/10,000 dollar) per token at one USD per million tokens. */
const UNITS_PER_TOKEN_AT_ONE_USD = 10_000 / 1_000_000;

/**
 * What the model calls of a run cost at the operator's MODEL_PRICES (USD per million tokens by
 * model name), in credit units rounded up; null when the model has no price. Counted also with
 * BILLING=off, where it is all a run costs (docs/adr/0037-spending-limits.md).
 */
export function modelSpend(config: ServiceConfig, model: string, tokens: { inputTokens: number; outputTokens: number }): number | null {
  const price = config.modelPrices?.[model];
  if (!price) return null;
  return Math.ceil((tokens.inputTokens * price.input + tokens.outputTokens * price.output) * UNITS_PER_TOKEN_AT_ONE_USD);
}

/** What the run would be charged for its seconds so far: nothing on a free prompt or with billing off, else seconds x $0.0023 within what it holds. */
export function chargeSoFar(
  config: ServiceConfig,
  run: Pick<typeof tasksRuns.$inferSelect, "holdKind" | "heldCredits">,
  seconds: number,
): number {
  if (!config.billingEnabled || run.holdKind !== "credits") return 0;
  return Math.min(Math.ceil(Math.max(0, seconds) * PRICE_PER_SECOND_UNITS), run.heldCredits);
}
