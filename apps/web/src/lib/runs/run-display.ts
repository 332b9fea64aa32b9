import { CREDIT_UNITS_PER_DOLLAR, formatUsd, type Run } from "@errand/contract";
import { statusLabel } from "../format/display-format";
import { dateTimeFormat, numberFormat } from "../format/intl-cache";

/**
 * How a run is named and what it cost, in words. Pure: no DOM, so they are unit-tested in node
 * (locale and time zone injectable).
 */

interface Clock {
  now?: Date;
  locale?: string;
  timeZone?: string;
}

/** A run's length: 4.25 -> "4.3 s", 12.4 -> "12 s", 125 -> "2 min 5 s", 3720 -> "1 h 2 min". */
export function formatRunDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const s = Math.max(0, seconds);
  if (s < 10) return `${Math.round(s * 10) / 10} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

const dayKey = (date: Date, locale: string | undefined, timeZone: string | undefined) =>
  dateTimeFormat(locale, { year: "numeric", month: "numeric", day: "numeric", timeZone }).format(date);

/**
 * When a run started, to the second: "2:05:07 PM" today, "Mar 4, 2:05:07 PM" another day this
 * year, "Mar 4, 2025, 2:05:07 PM" before.
 */
export function formatRunTime(iso: string, clock: Clock = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { locale, timeZone } = clock;
  const now = clock.now ?? new Date();
  const time: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", second: "2-digit", timeZone };
  if (dayKey(date, locale, timeZone) === dayKey(now, locale, timeZone)) return dateTimeFormat(locale, time).format(date);
  const year = (d: Date) => dateTimeFormat("en", { year: "numeric", timeZone }).format(d);
  return dateTimeFormat(locale, {
    ...time,
    month: "short",
    day: "numeric",
    year: year(date) === year(now) ? undefined : "numeric",
  }).format(date);
}

/** When a run was created, in full and to the second: "Mar 4, 2026, 2:05:07 PM". */
export function formatRunCreated(iso: string, clock: Omit<Clock, "now"> = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(clock.locale, { dateStyle: "medium", timeStyle: "medium", timeZone: clock.timeZone }).format(date);
}

/**
 * The run selector's label, most telling first so a narrow screen cuts the least:
 * "#3 · Success · 2:05:07 PM · 12 s". A pending run has no length yet.
 */
export function runOptionLabel(run: Pick<Run, "number" | "status" | "created_at" | "execution_time">, clock: Clock = {}): string {
  const { name, when } = runOptionParts(run, clock);
  return `${name} · ${when}`;
}

/** The label in two halves, for a selector that shows them on two lines: "#3 · Success" and "2:05:07 PM · 12 s". */
export function runOptionParts(run: Pick<Run, "number" | "status" | "created_at" | "execution_time">, clock: Clock = {}) {
  const when = [formatRunTime(run.created_at, clock)];
  if (run.status !== "pending" && run.execution_time !== null) when.push(formatRunDuration(run.execution_time));
  return { name: `#${run.number} · ${statusLabel(run.status)}`, when: when.join(" · ") };
}

/**
 * Credit units as dollars to the 1/100 cent a run is charged in: 230 -> "$0.0230". Whole cents
 * read as money elsewhere does (0 -> "$0.00"), so a table's zero does not sit as "$0.0000"
 * beside a balance's "$0.00".
 */
export function formatRunCredits(units: number): string {
  const cents = (units * 100) / CREDIT_UNITS_PER_DOLLAR;
  return `$${(units / CREDIT_UNITS_PER_DOLLAR).toFixed(Number.isInteger(cents) ? 2 : 4)}`;
}

/** What the run was charged: "Free prompt", "$0.0230", "Not charged", or when it will be known. */
export function chargeLabel(run: Pick<Run, "status" | "charge">): string {
  if (!run.charge) return run.status === "pending" ? "When it ends" : "—";
  if (run.charge.kind === "free_prompt") return "Free prompt";
  if (run.charge.kind === "credits") return formatRunCredits(run.charge.credits);
  return "Not charged";
}

/** Model spend at the operator's prices: "$0.0120", or null when no price is set for the run's model. */
export function modelSpendLabel(run: Pick<Run, "model_cost">): string | null {
  return run.model_cost === null ? null : formatRunCredits(run.model_cost);
}

/** The run's caps: "$0.50 · 20 steps, then ask", or null when it has none. */
export function limitsLabel(run: Pick<Run, "max_cost_usd" | "max_steps" | "on_limit">): string | null {
  const caps = [
    run.max_cost_usd === null ? null : formatUsd(run.max_cost_usd),
    run.max_steps === null ? null : `${run.max_steps} ${run.max_steps === 1 ? "step" : "steps"}`,
  ].filter(Boolean);
  if (caps.length === 0) return null;
  return `${caps.join(" · ")}${run.on_limit === "ask" ? ", then ask" : ""}`;
}

/** Model tokens: "1,234 in · 56 out". */
export function tokensLabel(run: Pick<Run, "input_tokens" | "output_tokens">, locale?: string): string {
  const n = numberFormat(locale);
  return `${n.format(run.input_tokens)} in · ${n.format(run.output_tokens)} out`;
}
