import { describe, expect, it } from "vitest";
import { problemsForModel, problemsForPeople } from "./answer-problems.ts";
import { checkJsonAnswer, prepareJsonSchema } from "./json-result.ts";

describe("JSON results", () => {
  const schema = {
    type: "object",
    properties: { name: { type: "string" }, price: { type: "number" }, url: { type: "string", format: "uri" } },
    required: ["name", "price"],
    additionalProperties: false,
  };

  it("validates answers and says what is wrong, where, and what the answer had", () => {
    const prepared = prepareJsonSchema(schema);
    if (!prepared.ok) throw new Error(prepared.reason);
    expect(checkJsonAnswer(prepared.validate, { name: "Lamp", price: 49 })).toEqual({ ok: true, value: { name: "Lamp", price: 49 } });
    const bad = checkJsonAnswer(prepared.validate, { name: "Lamp", price: "49", extra: 1, url: "not a url" });
    if (bad.ok) throw new Error("accepted a wrong answer");
    expect(problemsForModel(bad.problems).split("\n")).toEqual([
      '- data has the field "extra", which the schema does not allow (allowed: name, price, url)',
      '- data.price must be a number, but it is the text "49"',
      '- data.url must be a full URL such as "https://example.com/page", but it is the text "not a url"',
    ]);
    expect(problemsForPeople(bad.problems)).toBe(
      'the answer has the field "extra", which the schema does not allow (allowed: name, price, url); price must be a number, but it is the text "49"; url must be a full URL such as "https://example.com/page", but it is the text "not a url"',
    );
    expect(checkJsonAnswer(prepared.validate, undefined).ok).toBe(false);
  });

  it("names places in lists and nested objects, for the model and for people", () => {
    const prepared = prepareJsonSchema({
      type: "object",
      properties: {
        rows: { type: "array", maxItems: 1, items: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
      },
    });
    if (!prepared.ok) throw new Error(prepared.reason);
    const bad = checkJsonAnswer(prepared.validate, { rows: [{ city: "Madrid" }, { town: "Oslo" }] });
    if (bad.ok) throw new Error("accepted a wrong answer");
    expect(problemsForModel(bad.problems)).toBe(
      '- data.rows must have at most 1 item, but it has 2\n- data.rows[1] is missing the required field "city"',
    );
    expect(problemsForPeople(bad.problems)).toBe(
      'rows must have at most 1 item, but it has 2; item 2 of rows is missing the required field "city"',
    );
  });

  it("without a schema, takes any object or list and nothing else", () => {
    for (const none of [undefined, null, "", "  ", {}, { title: "Anything" }]) {
      const prepared = prepareJsonSchema(none);
      if (!prepared.ok) throw new Error(prepared.reason);
      expect(prepared.anyJson).toBe(true);
      expect(checkJsonAnswer(prepared.validate, { a: 1 }).ok).toBe(true);
      expect(checkJsonAnswer(prepared.validate, [1, 2]).ok).toBe(true);
      const bare = checkJsonAnswer(prepared.validate, 42);
      expect(!bare.ok && problemsForPeople(bare.problems)).toBe("the answer must be an object or a list, but it is the number 42");
    }
    expect(prepareJsonSchema({ type: "object" })).toMatchObject({ ok: true, anyJson: false });
  });

  it("accepts data sent as a JSON string", () => {
    const prepared = prepareJsonSchema(JSON.stringify(schema));
    if (!prepared.ok) throw new Error(prepared.reason);
    expect(checkJsonAnswer(prepared.validate, '{"name":"Lamp","price":49}')).toEqual({ ok: true, value: { name: "Lamp", price: 49 } });
  });

  it("explains a schema that is not JSON or not valid", () => {
    expect(prepareJsonSchema("{not json")).toMatchObject({ ok: false, reason: expect.stringMatching(/not valid JSON/) });
    expect(prepareJsonSchema({ type: "nonsense" })).toMatchObject({ ok: false, reason: expect.stringMatching(/invalid/) });
    expect(prepareJsonSchema([1])).toMatchObject({ ok: false });
  });

  it("supports draft 2020-12", () => {
    const prepared = prepareJsonSchema({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      prefixItems: [{ type: "string" }],
    });
    expect(prepared.ok).toBe(true);
  });
});
