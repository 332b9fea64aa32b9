import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatScheduleTime,
  formatDurationMs,
  formatExecutionTime,
  formatFourDecimals,
  formatThreeDecimals,
  statusLabel,
} from "./display-format";

// Tables of input and text: object keys are strings, so numbers are read back with Number().
describe("implied decimals (spec section 9)", () => {
  it.each(
    Object.entries({
      12345: "1,2345",
      10000: "1,0000",
      123456789: "12345,6789",
      12: "0,0012",
      0: "0,0000",
      9999: "0,9999",
      "-12": "-0,0012",
    }),
  )("formats %s as %s with 4 implied decimals, small values padded as 0,xxxx, the sign kept", (units, text) =>
    expect(formatFourDecimals(Number(units))).toBe(text),
  );

  it.each(Object.entries({ 12345: "12,345", 5: "0,005", 999: "0,999", 1000: "1,000", "-12345": "-12,345", 12345.9: "12,345" }))(
    "formats %s as %s with 3 implied decimals, dropping fractions of the integer",
    (units, text) => expect(formatThreeDecimals(Number(units))).toBe(text),
  );
});

describe("statusLabel", () => {
  it.each(
    Object.entries({
      in_progress: "In Progress",
      pending: "Pending",
      payment_failed_twice: "Payment Failed Twice",
      __odd__case_: "Odd Case",
      "": "",
    }),
  )("turns snake_case %j into Title Case words %j", (status, label) => expect(statusLabel(status)).toBe(label));
});

describe("times and dates", () => {
  it("shows execution time in seconds", () => {
    expect([12.456, 3, 0, null, Number.NaN].map(formatExecutionTime)).toEqual(["12.46 s", "3 s", "0 s", "—", "—"]);
  });

  it("shows step durations", () => {
    expect([850, 1530, null].map(formatDurationMs)).toEqual(["850 ms", "1.5 s", "—"]);
  });

  it("formats dates in a given locale and zone", () => {
    // ICU versions differ in the space before "PM" (U+0020 or U+202F).
    expect(formatDateTime("2026-03-04T14:05:00Z", "en-US", "UTC").replace(/\s/g, " ")).toBe("Mar 4, 2026, 2:05 PM");
    expect(formatDate("2026-03-04T14:05:00Z", "en-US", "UTC")).toBe("Mar 4, 2026");
    expect(formatDateTime("not a date")).toBe("not a date");
  });

  it("shows a schedule's moment in its own zone and names the zone", () => {
    const at = "2026-11-30T08:00:00Z";
    expect(formatScheduleTime(at, "Europe/Madrid", "en-GB").replace(/\s/g, " ")).toBe("Mon, 30 Nov 2026, 09:00 CET");
    expect(formatScheduleTime(at, "America/New_York", "en-US").replace(/\s/g, " ")).toBe("Mon, Nov 30, 2026, 03:00 AM EST");
    expect(formatScheduleTime("not a date", "UTC")).toBe("not a date");
  });
});
