import { describe, expect, it } from "vitest";
import { expectedMatches } from "./expected-match.ts";

describe("an answer holds what a case expects", () => {
  it("finds an expected text anywhere in the answer, ignoring case and spacing", () => {
    expect(expectedMatches("sku-1002", "The SKU is\n  SKU-1002.")).toBe(true);
    expect(expectedMatches("New  York", "It is in new york city")).toBe(true);
    expect(expectedMatches("SKU-1002", "SKU-2001")).toBe(false);
    expect(expectedMatches("anything", null)).toBe(false);
  });

  it("finds an expected JSON value in a JSON answer as a subset", () => {
    const answer = JSON.stringify({ name: "Basalt Coffee Grinder", price: 89.5, tags: ["kitchen", "coffee"], stock: { units: 12 } });
    expect(expectedMatches({ price: 89.5 }, answer)).toBe(true);
    expect(expectedMatches({ stock: { units: 12 }, tags: ["kitchen"] }, answer)).toBe(true);
    expect(expectedMatches({ name: "basalt coffee grinder" }, answer)).toBe(true);
    expect(expectedMatches({ price: 90 }, answer)).toBe(false);
    expect(expectedMatches({ tags: ["coffee"] }, answer)).toBe(false);
    expect(expectedMatches({ missing: null }, answer)).toBe(false);
    // Models often write a number as text.
    expect(expectedMatches({ price: 89.5 }, '{"price": "89.5"}')).toBe(true);
    expect(expectedMatches({ price: 89.5 }, "It costs 89.5")).toBe(false);
    expect(expectedMatches([1, 2], "[1, 2, 3]")).toBe(true);
  });
});
