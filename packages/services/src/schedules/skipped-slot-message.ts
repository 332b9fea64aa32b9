import type { ServiceError } from "../errors.ts";

/** "24 Nov 09:00": the slot as the schedule's owner reads it, in the schedule's time zone. */
export function formatSlot(slot: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(slot);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("hour")}:${part("minute")}`;
}

/** Why a slot created no run, e.g. "Skipped the run of 24 Nov 09:00: not enough credits." */
export function skippedSlotMessage(slot: Date, timeZone: string, refusal: ServiceError, pendingLimit: number): string {
  const why =
    refusal.code !== "too_many_runs"
      ? "not enough credits."
      : pendingLimit === 1
        ? "a run was already waiting or running."
        : `${pendingLimit} runs were already waiting or running.`;
  return `Skipped the run of ${formatSlot(slot, timeZone)}: ${why}`;
}
