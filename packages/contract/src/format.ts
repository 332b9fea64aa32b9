import { CREDIT_UNITS_PER_DOLLAR } from "./constants.ts";

/**
 * Formats an integer with implied decimals, as the spec's display helpers do:
 * (12345, 4) -> "1,2345"; (12345, 3) -> "12,345"; (12, 4) -> "0,0012".
 */
export function formatImpliedDecimals(value: number, decimals: number): string {
  const negative = value < 0;
  const digits = Math.abs(Math.trunc(value))
    .toString()
    .padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${whole},${fraction}`;
}

/** Credit units (1/10,000 dollar) to a dollar amount such as "$1.25". */
export function formatCreditsAsDollars(units: number): string {
  const dollars = units / CREDIT_UNITS_PER_DOLLAR;
  return `$${dollars.toFixed(dollars !== 0 && Math.abs(dollars) < 0.01 ? 4 : 2)}`;
}

/** Cents to "$12.34". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** "in_progress" -> "In Progress". */
export function labelFromSnake(value: string): string {
  return value
    .split("_")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

/** Bytes for people: "812 bytes", "3.2 KB", "25 MB", "1 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? "" : "s"}`;
  const [value, unit] =
    bytes < 1024 ** 2 ? [bytes / 1024, "KB"] : bytes < 1024 ** 3 ? [bytes / 1024 ** 2, "MB"] : [bytes / 1024 ** 3, "GB"];
  return `${value.toFixed(1).replace(/\.0$/, "")} ${unit}`;
}
