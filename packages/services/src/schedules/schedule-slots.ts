import { CRON_FORMAT_MESSAGE, CRON_TOO_OFTEN_MESSAGE, SCHEDULE_MIN_INTERVAL_MINUTES } from "@errand/contract";
import { Cron } from "croner";
import { invalid } from "../errors.ts";

/** Consecutive slots checked for the minimum interval: enough to see any burst a 5-field expression can make. */
const SLOTS_CHECKED = 48;

function cronOf(cron: string, timeZone: string): Cron {
  // paused: croner only computes dates here, it never starts a timer.
  return new Cron(cron, { timezone: timeZone, paused: true });
}

/** The `count` slots strictly after `from`, in the schedule's time zone. */
export function slotsAfter(cron: string, timeZone: string, from: Date, count: number): Date[] {
  return cronOf(cron, timeZone).nextRuns(count, from);
}

/** The first slot strictly after `from`; null for an expression that never fires again. */
export function slotAfter(cron: string, timeZone: string, from: Date): Date | null {
  return slotsAfter(cron, timeZone, from, 1)[0] ?? null;
}

/**
 * Refuses an expression croner cannot read, one that never fires, and one that fires more often
 * than every SCHEDULE_MIN_INTERVAL_MINUTES (checked over the next slots from `now`).
 */
export function assertUsableCron(cron: string, timeZone: string, now: Date): void {
  let slots: Date[];
  try {
    slots = slotsAfter(cron, timeZone, now, SLOTS_CHECKED);
  } catch {
    throw invalid([{ path: "repeat.cron", message: CRON_FORMAT_MESSAGE }]);
  }
  if (slots.length === 0) throw invalid([{ path: "repeat.cron", message: "cron never fires: check its day and month" }]);
  const minGapMs = SCHEDULE_MIN_INTERVAL_MINUTES * 60_000;
  for (let i = 1; i < slots.length; i++) {
    if (slots[i]!.getTime() - slots[i - 1]!.getTime() < minGapMs) throw invalid([{ path: "repeat.cron", message: CRON_TOO_OFTEN_MESSAGE }]);
  }
}
