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

describe("implied decimals (spec section 9)", () => {
  it("formats 4 implied decimals", () => {
    expect(formatFourDecimals(12345)).toBe("1,2345");
    expect(formatFourDecimals(10000)).toBe("1,0000");
    expect(formatFourDecimals(123456789)).toBe("12345,6789");
  });

  it("pads small values as 0,xxxx", () => {
    expect(formatFourDecimals(12)).toBe("0,0012");
    expect(formatFourDecimals(0)).toBe("0,0000");
    expect(formatFourDecimals(9999)).toBe("0,9999");
  });

  it("formats 3 implied decimals", () => {
    expect(formatThreeDecimals(12345)).toBe("12,345");
    expect(formatThreeDecimals(5)).toBe("0,005");
    expect(formatThreeDecimals(999)).toBe("0,999");
    expect(formatThreeDecimals(1000)).toBe("1,000");
  });

  it("keeps the sign and drops fractions of the integer", () => {
    expect(formatFourDecimals(-12)).toBe("-0,0012");
    expect(formatThreeDecimals(-12345)).toBe("-12,345");
    expect(formatThreeDecimals(12345.9)).toBe("12,345");
  });
});

describe("statusLabel", () => {
  it("turns snake_case into Title Case words", () => {
    expect(statusLabel("in_progress")).toBe("In Progress");
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("payment_failed_twice")).toBe("Payment Failed Twice");
    expect(statusLabel("__odd__case_")).toBe("Odd Case");
    expect(statusLabel("")).toBe("");
  });
});

describe("times and dates", () => {
  it("shows execution time in seconds", () => {
    expect(formatExecutionTime(12.456)).toBe("12.46 s");
    expect(formatExecutionTime(3)).toBe("3 s");
    expect(formatExecutionTime(0)).toBe("0 s");
    expect(formatExecutionTime(null)).toBe("—");
    expect(formatExecutionTime(Number.NaN)).toBe("—");
  });

  it("shows step durations", () => {
    expect(formatDurationMs(850)).toBe("850 ms");
    expect(formatDurationMs(1530)).toBe("1.5 s");
    expect(formatDurationMs(null)).toBe("—");
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
