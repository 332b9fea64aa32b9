import { MAX_ALERT_THRESHOLDS, MONTHLY_LIMIT_USD_MAX, type SpendingLimit, type SpendingLimitInput } from "@errand/contract";

/**
 * The Credits page's monthly limit form (docs/adr/0037-spending-limits.md): its text fields to
 * the API's body and back. Pure: unit-tested in node.
 */
export interface SpendingLimitFormValues {
  /** Dollars as typed; "" for no limit. */
  monthlyUsd: string;
  /** Percentages as typed, e.g. "50, 80, 100". */
  thresholds: string;
}

export const MONTHLY_LIMIT_MESSAGE = `Monthly limit must be a number of dollars from 1 to ${MONTHLY_LIMIT_USD_MAX.toLocaleString("en-US")}, or empty for no limit.`;
export const THRESHOLDS_MESSAGE = `Alerts must be up to ${MAX_ALERT_THRESHOLDS} different percentages from 1 to 100, separated by commas.`;

export function spendingLimitFormValues(limit: SpendingLimit): SpendingLimitFormValues {
  return {
    monthlyUsd: limit.monthly_usd === null ? "" : String(limit.monthly_usd),
    thresholds: (limit.monthly_usd === null ? [50, 80, 100] : limit.alert_thresholds).join(", "),
  };
}

/** The body to send, or the messages by field. */
export function parseSpendingLimitForm(
  values: SpendingLimitFormValues,
): { ok: true; body: SpendingLimitInput } | { ok: false; errors: { monthly_usd?: string; alert_thresholds?: string } } {
  const text = values.monthlyUsd.trim().replace(/^\$/, "");
  if (!text) return { ok: true, body: { monthly_usd: null, alert_thresholds: [] } };
  const errors: { monthly_usd?: string; alert_thresholds?: string } = {};
  const usd = Number(text);
  if (!(usd >= 1 && usd <= MONTHLY_LIMIT_USD_MAX)) errors.monthly_usd = MONTHLY_LIMIT_MESSAGE;
  const parts = values.thresholds
    .split(",")
    .map((part) => part.trim().replace(/%$/, ""))
    .filter(Boolean);
  const thresholds = parts.map(Number);
  const valid = thresholds.every((t) => Number.isInteger(t) && t >= 1 && t <= 100);
  if (!valid || thresholds.length > MAX_ALERT_THRESHOLDS || new Set(thresholds).size !== thresholds.length)
    errors.alert_thresholds = THRESHOLDS_MESSAGE;
  if (errors.monthly_usd || errors.alert_thresholds) return { ok: false, errors };
  return { ok: true, body: { monthly_usd: usd, alert_thresholds: thresholds } };
}
