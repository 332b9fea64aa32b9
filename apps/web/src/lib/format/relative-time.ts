/**
 * "5 minutes ago"-style times for tables (pure: no DOM, unit-tested in node).
 * English on purpose, like the rest of the interface; the exact date goes in a tooltip.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * How long ago `iso` was, relative to `now` (ms): "just now", "1 minute ago", "3 hours ago",
 * "2 days ago", "5 months ago", "1 year ago". A time in the future (clock skew) reads "just now";
 * a string that is not a date is returned as is.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.floor((now - time) / 1000);
  if (seconds < 45) return "just now";
  if (seconds < 90) return ago(1, "minute");
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), "minute");
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), "hour");
  if (seconds < MONTH) return ago(Math.floor(seconds / DAY), "day");
  if (seconds < YEAR) return ago(Math.floor(seconds / MONTH), "month");
  return ago(Math.floor(seconds / YEAR), "year");
}
