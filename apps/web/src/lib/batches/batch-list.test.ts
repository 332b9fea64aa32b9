import { BATCH_MAX_ROWS } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../api/api-request-error";
import {
  BAD_LIST_MESSAGE,
  EMPTY_LIST_MESSAGE,
  guessMapping,
  mappedRows,
  mappingProblem,
  readList,
  START_FAILED_MESSAGE,
  startRefusal,
  tooManyRowsMessage,
} from "./batch-list";

describe("readList", () => {
  it("reads CSV with quoted commas and a JSON array of objects alike", () => {
    expect(readList('Shop Name,city\r\n"Lidl, Centro",Madrid\r\n')).toEqual({
      columns: ["Shop Name", "city"],
      rows: [{ "Shop Name": "Lidl, Centro", city: "Madrid" }],
    });
    expect(readList('[{"shop": "Aldi", "n": 2}, {"shop": "Dia"}]')).toEqual({
      columns: ["shop", "n"],
      rows: [
        { shop: "Aldi", n: "2" },
        { shop: "Dia", n: "" },
      ],
    });
  });

  it("says what is wrong with a list it cannot take", () => {
    expect(readList('shop\n"Lidl')).toBe(BAD_LIST_MESSAGE);
    expect(readList("[1, 2]")).toBe(BAD_LIST_MESSAGE);
    expect(readList("[{")).toBe(BAD_LIST_MESSAGE);
    expect(readList("shop,city\n")).toBe(EMPTY_LIST_MESSAGE);
    const tooMany = ["shop", ...Array.from({ length: BATCH_MAX_ROWS + 1 }, (_, i) => `Shop ${i}`)].join("\n");
    expect(readList(tooMany)).toBe(tooManyRowsMessage(BATCH_MAX_ROWS + 1));
    expect(tooManyRowsMessage(1001)).toBe("The list has 1,001 rows; a batch holds at most 1,000.");
  });
});

describe("mapping columns to the prompt's inputs", () => {
  const list = {
    columns: ["Shop Name", "City", "idempotency_key", "note"],
    rows: [{ "Shop Name": "Lidl", City: "Madrid", idempotency_key: "k1", note: "x" }],
  };

  it("guesses each input's column by name, ignoring case and separators, and the key column", () => {
    expect(guessMapping(["shop_name", "city", "price"], list.columns)).toEqual({
      inputs: { shop_name: "Shop Name", city: "City", price: "" },
      key: "idempotency_key",
    });
  });

  it("sends each row's values by input name with its key, and no other column", () => {
    expect(mappedRows(list, { inputs: { shop: "Shop Name", city: "City" }, key: "idempotency_key" })).toEqual([
      { shop: "Lidl", city: "Madrid", idempotency_key: "k1" },
    ]);
    expect(mappedRows(list, { inputs: { shop: "Shop Name" }, key: "" })).toEqual([{ shop: "Lidl" }]);
  });

  it("names an input without a column, then the first row with an empty value", () => {
    expect(mappingProblem(list, { inputs: { shop: "Shop Name", price: "" }, key: "" })).toBe("Choose the column that fills {{price}}.");
    expect(mappingProblem(list, { inputs: { shop: "note", city: "Missing" }, key: "" })).toBe("Row 1 has no value for {{city}}.");
    expect(mappingProblem(list, { inputs: { shop: "Shop Name" }, key: "" })).toBeNull();
  });
});

describe("startRefusal", () => {
  it("says the server's field message, else its message, else ours", () => {
    const missing = new ApiRequestError(400, "validation_error", "rows.1.city: Row 2 has no value for {{city}}", [
      { path: "rows.1.city", message: "Row 2 has no value for {{city}}, which the task's prompt uses" },
    ]);
    expect(startRefusal(missing)).toBe("Row 2 has no value for {{city}}, which the task's prompt uses");
    const taken = new ApiRequestError(409, "conflict", 'The idempotency key "k1" was already used by a row of another batch');
    expect(startRefusal(taken)).toBe('The idempotency key "k1" was already used by a row of another batch');
    expect(startRefusal(new ApiRequestError(502))).toBe(START_FAILED_MESSAGE);
    expect(startRefusal(new TypeError("Failed to fetch"))).toBe(START_FAILED_MESSAGE);
  });
});
