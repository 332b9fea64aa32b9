import { formatImpliedDecimals, labelFromSnake } from "@errand/contract";
import { dateTimeFormat } from "./intl-cache";

/**
 * Display helpers of spec section 9. Pure: no DOM, so they are unit-tested in node.
 */

/** An integer with 4 implied decimals: 12345 -> "1,2345", 12 -> "0,0012". */
export function formatFourDecimals(value: number): string {
  return formatImpliedDecimals(value, 4);
}

/** An integer with 3 implied decimals: 12345 -> "12,345", 5 -> "0,005". */
export function formatThreeDecimals(value: number): string {
  return formatImpliedDecimals(value, 3);
}

/** snake_case status to Title Case words: "in_progress" -> "In Progress". */
export function statusLabel(status: string): string {
  return labelFromSnake(status);
}

/** Seconds of execution: 12.456 -> "12.46 s", 3 -> "3 s", null -> "—". */
export function formatExecutionTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const rounded = Math.round(Math.max(seconds, 0) * 100) / 100;
  return `${rounded} s`;
}

/** A date and time such as "Mar 4, 2026, 2:05 PM" (locale and zone injectable for tests). */
export function formatDateTime(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/**
 * A moment of a schedule, in the schedule's zone and naming it, so the task page and Task
 * History show the same words: "Mon, Mar 4, 2026, 09:00 CET" (locale injectable for tests).
 */
export function formatScheduleTime(iso: string, timeZone: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
}

/** A short date such as "Mar 4, 2026". */
export function formatDate(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(date);
}

/** A duration in milliseconds: 850 -> "850 ms", 1530 -> "1.5 s". */
export function formatDurationMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Math.round(ms / 100) / 10} s`;
}
