import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

const NOW = Date.parse("2026-03-04T12:00:00Z");
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("formatRelativeTime", () => {
  it("reads 'just now' under 45 seconds, and for times in the future", () => {
    expect(formatRelativeTime(before(0), NOW)).toBe("just now");
    expect(formatRelativeTime(before(44), NOW)).toBe("just now");
    expect(formatRelativeTime(before(-120), NOW)).toBe("just now");
  });

  it("counts minutes, singular then plural", () => {
    expect(formatRelativeTime(before(45), NOW)).toBe("1 minute ago");
    expect(formatRelativeTime(before(89), NOW)).toBe("1 minute ago");
    expect(formatRelativeTime(before(90), NOW)).toBe("1 minute ago");
    expect(formatRelativeTime(before(120), NOW)).toBe("2 minutes ago");
    expect(formatRelativeTime(before(5 * 60 + 30), NOW)).toBe("5 minutes ago");
    expect(formatRelativeTime(before(59 * 60 + 59), NOW)).toBe("59 minutes ago");
  });

  it("counts hours, days, months and years", () => {
    expect(formatRelativeTime(before(3600), NOW)).toBe("1 hour ago");
    expect(formatRelativeTime(before(3 * 3600 + 1800), NOW)).toBe("3 hours ago");
    expect(formatRelativeTime(before(86_400), NOW)).toBe("1 day ago");
    expect(formatRelativeTime(before(29 * 86_400), NOW)).toBe("29 days ago");
    expect(formatRelativeTime(before(30 * 86_400), NOW)).toBe("1 month ago");
    expect(formatRelativeTime(before(200 * 86_400), NOW)).toBe("6 months ago");
    expect(formatRelativeTime(before(365 * 86_400), NOW)).toBe("1 year ago");
    expect(formatRelativeTime(before(3 * 365 * 86_400), NOW)).toBe("3 years ago");
  });

  it("accepts timestamps with an offset", () => {
    expect(formatRelativeTime("2026-03-04T13:55:00+02:00", NOW)).toBe("5 minutes ago");
  });

  it("returns a string that is not a date unchanged", () => {
    expect(formatRelativeTime("not a date", NOW)).toBe("not a date");
  });
});
