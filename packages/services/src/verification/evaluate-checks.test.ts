import type { Check } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { readAnswer } from "./answer-path.ts";
import { evaluateAssertions } from "./evaluate-checks.ts";
import { parseJudgeReply } from "./parse-judge-reply.ts";

const answer = { name: "Aurora Desk Lamp", price: "49.00", stock: 7, tags: ["lamp"], items: [{ sku: "AL-1" }], empty: "  " };
const page = "Aurora   Desk Lamp\n$49.00 In stock: AL-1";
const judge = (check: Check, on: unknown = answer, pageText: string | null = page) =>
  evaluateAssertions([check], { answer: on, pageText })[0]!;

describe("each check on an answer", () => {
  it("field_present: a value that is there and not empty; an empty string, list or a missing field fails", () => {
    expect(judge({ kind: "field_present", path: "name" })).toMatchObject({ passed: true, message: "name is present" });
    expect(judge({ kind: "field_present", path: "stock" })).toMatchObject({ passed: true });
    expect(judge({ kind: "field_present", path: "empty" })).toMatchObject({ passed: false, message: "empty is empty" });
    expect(judge({ kind: "field_present", path: "colour" })).toMatchObject({ passed: false, message: "colour is missing" });
    expect(judge({ kind: "field_present", path: "items.0.sku" })).toMatchObject({ passed: true });
    expect(judge({ kind: "field_present", path: "" }, [])).toMatchObject({ passed: false, message: "the answer is empty" });
  });

  it("pattern: matches the value's text; a list or a too long text fails", () => {
    expect(judge({ kind: "pattern", path: "price", pattern: "^\\d+\\.\\d{2}$" })).toMatchObject({
      passed: true,
      message: 'price "49.00" matches /^\\d+\\.\\d{2}$/',
    });
    expect(judge({ kind: "pattern", path: "name", pattern: "^\\d+$" })).toMatchObject({ passed: false });
    expect(judge({ kind: "pattern", path: "tags", pattern: "lamp" })).toMatchObject({
      passed: false,
      message: "tags is not text or a number",
    });
    expect(judge({ kind: "pattern", path: "", pattern: "a" }, "a".repeat(2_001))).toMatchObject({
      passed: false,
      message: "the answer is longer than 2000 characters",
    });
  });

  it("range: a number or numeric text within the bounds", () => {
    expect(judge({ kind: "range", path: "price", min: 10, max: 50 })).toMatchObject({
      passed: true,
      message: "price is 49, within 10..50",
    });
    expect(judge({ kind: "range", path: "price", max: 20 })).toMatchObject({ passed: false, message: "price is 49, outside -∞..20" });
    expect(judge({ kind: "range", path: "name", min: 0 })).toMatchObject({
      passed: false,
      message: 'name "Aurora Desk Lamp" is not a number',
    });
  });

  it("min_items: a list with at least n items", () => {
    expect(judge({ kind: "min_items", path: "tags", n: 1 })).toMatchObject({ passed: true, message: "tags has 1 item, at least 1 wanted" });
    expect(judge({ kind: "min_items", path: "tags", n: 2 })).toMatchObject({ passed: false });
    expect(judge({ kind: "min_items", path: "name", n: 1 })).toMatchObject({ passed: false, message: "name is not a list" });
  });

  it("on_page: the value appears on the last page, ignoring case and white space", () => {
    expect(judge({ kind: "on_page", path: "name" })).toMatchObject({ passed: true });
    expect(judge({ kind: "on_page", path: "items.0.sku" })).toMatchObject({ passed: true });
    expect(judge({ kind: "on_page", path: "stock" })).toMatchObject({ passed: false, message: '"7" from stock is not on the last page' });
    expect(judge({ kind: "on_page", path: "name" }, answer, null)).toMatchObject({
      passed: false,
      message: "the last page could not be read",
    });
  });

  it("reads a text answer as a whole, with no fields", () => {
    const text = readAnswer("Aurora Desk Lamp", "text");
    expect(judge({ kind: "on_page", path: "" }, text)).toMatchObject({ passed: true });
    expect(judge({ kind: "field_present", path: "name" }, text)).toMatchObject({ passed: false, message: "name is missing" });
    expect(readAnswer("{not json", "json")).toBeUndefined();
  });
});

describe("the judge's reply", () => {
  it("is read as JSON, also inside prose or a code fence", () => {
    expect(parseJudgeReply('{"verdict":"pass","reasons":["ok"]}')).toEqual({ verdict: "pass", reasons: ["ok"] });
    expect(parseJudgeReply('Here:\n```json\n{"verdict": "FAIL", "reasons": "wrong price"}\n```')).toEqual({
      verdict: "fail",
      reasons: ["wrong price"],
    });
    expect(parseJudgeReply('{"verdict":"unsure","reasons":[]}')).toEqual({ verdict: "unsure", reasons: [] });
  });

  it("is unsure, saying why, when it cannot be read", () => {
    expect(parseJudgeReply("Looks right.")).toEqual({
      verdict: "unsure",
      reasons: ["The judge's reply could not be read: it holds no JSON object."],
    });
    expect(parseJudgeReply("{verdict: pass}")).toEqual({
      verdict: "unsure",
      reasons: ["The judge's reply could not be read: its JSON does not parse."],
    });
    expect(parseJudgeReply('{"verdict":"probably"}')).toEqual({
      verdict: "unsure",
      reasons: ["The judge's reply could not be read: its verdict is not pass, fail or unsure."],
    });
  });
});
