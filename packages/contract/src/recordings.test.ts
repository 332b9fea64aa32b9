import { describe, expect, it } from "vitest";
import { matchPrompt } from "./recordings.ts";

const params = [
  { name: "p1", value: "lamp" },
  { name: "p2", value: "2" },
];
const recorded = "Search for lamp, add 2 to the cart";

describe("matchPrompt: which saved prompts a recording replays for", () => {
  it("gives the recorded values for the recorded prompt", () => {
    expect(matchPrompt(recorded, params, recorded)).toEqual({ p1: "lamp", p2: "2" });
  });

  it("takes other words in the parameters' places", () => {
    expect(matchPrompt(recorded, params, "Search for desk chair, add 10 to the cart")).toEqual({ p1: "desk chair", p2: "10" });
  });

  it("refuses a prompt that differs anywhere else", () => {
    expect(matchPrompt(recorded, params, "Search for lamp, add 2 to the wishlist")).toBeNull();
    expect(matchPrompt(recorded, [], "Search for chair, add 2 to the cart")).toBeNull();
  });

  it("does not cut a short value out of a longer one, and reads special characters literally", () => {
    const nested = [
      { name: "p1", value: "desk lamp" },
      { name: "p2", value: "lamp" },
    ];
    expect(matchPrompt("Find desk lamp (cheapest) then lamp oil", nested, "Find floor light (cheapest) then candle oil")).toEqual({
      p1: "floor light",
      p2: "candle",
    });
    expect(matchPrompt("Price of a.b?", [], "Price of aXb?")).toBeNull();
  });
});
