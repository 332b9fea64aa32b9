import { MIN_PAID_RUN_SECONDS, PRICE_PER_SECOND_UNITS } from "@errand/contract";

export interface BalanceRow {
  credits: number;
  freePrompts: number;
  heldCredits: number;
  heldFreePrompts: number;
}

/** What a new run holds from the balance while it is pending. */
export type Hold =
  | { kind: "free_prompt" }
  /** `limitSeconds`: the run stops there because the credits pay for no more (null: the whole session_timeout). */
  | { kind: "credits"; amount: number; limitSeconds: number | null }
  | { kind: "refused"; coveredSeconds: number };

/**
 * A free prompt when one is not already held by another run; else credits for the whole time
 * limit, or for as many whole seconds as the available credits pay for (at least
 * MIN_PAID_RUN_SECONDS). What other pending runs hold is not available.
 */
export function planHold(balance: BalanceRow, sessionTimeout: number): Hold {
  if (balance.freePrompts - balance.heldFreePrompts > 0) return { kind: "free_prompt" };
  const available = Math.max(0, balance.credits - balance.heldCredits);
  const full = sessionTimeout * PRICE_PER_SECOND_UNITS;
  if (available >= full) return { kind: "credits", amount: full, limitSeconds: null };
  const coveredSeconds = Math.floor(available / PRICE_PER_SECOND_UNITS);
  if (coveredSeconds < MIN_PAID_RUN_SECONDS) return { kind: "refused", coveredSeconds };
  return { kind: "credits", amount: coveredSeconds * PRICE_PER_SECOND_UNITS, limitSeconds: coveredSeconds };
}
