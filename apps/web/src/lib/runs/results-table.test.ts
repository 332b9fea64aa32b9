import { describe, expect, it } from "vitest";
import { cellText, csvField, csvFileName, formatResultText, parseJsonResult, toCsv, toResultTable } from "./results-table";

describe("toResultTable (spec section 4: one key holding a non-empty list)", () => {
  it("makes a table of a list of objects, columns in order of first appearance", () => {
    const result = JSON.stringify({
      products: [
        { name: "Lamp", price: 49 },
        { name: "Desk", sku: "D-1", price: 120.5 },
      ],
    });
    expect(toResultTable(result)).toEqual({
      key: "products",
      columns: ["name", "price", "sku"],
      rows: [
        ["Lamp", "49", ""],
        ["Desk", "120.5", "D-1"],
      ],
    });
  });

  it("puts a list of plain values in one column named after the key", () => {
    expect(toResultTable('{"titles": ["a", "b", null, 3]}')).toEqual({
      key: "titles",
      columns: ["titles"],
      rows: [["a"], ["b"], [""], ["3"]],
    });
  });

  it("shows nested values as JSON and booleans as text", () => {
    const table = toResultTable(JSON.stringify({ rows: [{ tags: ["x", "y"], ok: true, meta: { a: 1 } }] }));
    expect(table?.rows).toEqual([['["x","y"]', "true", '{"a":1}']]);
  });

  it.each([
    null,
    "",
    "The price is $49.",
    "{not json",
    '{"items": []}',
    '{"items": [1], "total": 1}',
    '{"items": "nope"}',
    '[{"a": 1}]',
    "{}",
  ])("is null for everything else: %j", (result) => expect(toResultTable(result)).toBeNull());
});

describe("CSV", () => {
  it.each(Object.entries({ plain: "plain", "a,b": '"a,b"', 'say "hi"': '"say ""hi"""', "two\nlines": '"two\nlines"', "": "" }))(
    "quotes values with commas, quotes or line breaks, doubling the quotes: %j as %j",
    (value, field) => expect(csvField(value)).toBe(field),
  );

  it("writes a header row and one line per row, CRLF-terminated", () => {
    const table = toResultTable(
      JSON.stringify({
        customers: [
          { name: "Acme, Inc.", note: 'the "best"', revenue: 1200 },
          { name: "Bolt", revenue: 3 },
        ],
      }),
    );
    expect(toCsv(table!)).toBe('name,note,revenue\r\n"Acme, Inc.","the ""best""",1200\r\nBolt,,3\r\n');
  });

  it("names the file results-YYYY-MM-DD.csv with the local date", () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe("results-2026-01-05.csv");
    expect(csvFileName(new Date(2025, 11, 31))).toBe("results-2025-12-31.csv");
  });
});

describe("text view", () => {
  it("pretty-prints JSON and leaves text alone", () => {
    expect(formatResultText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatResultText("It costs $49.00.")).toBe("It costs $49.00.");
    expect(formatResultText("{broken")).toBe("{broken");
    expect(formatResultText(null)).toBe("");
  });

  it("parses only JSON objects and lists", () => {
    expect(parseJsonResult("42")).toBeUndefined();
    expect(parseJsonResult(" [1] ")).toEqual([1]);
    expect(cellText(undefined)).toBe("");
  });
});
