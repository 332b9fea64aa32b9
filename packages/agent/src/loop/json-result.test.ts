import { describe, expect, it } from "vitest";
import { checkJsonAnswer, prepareJsonSchema } from "./json-result.ts";

describe("JSON results", () => {
  const schema = {
    type: "object",
    properties: { name: { type: "string" }, price: { type: "number" }, url: { type: "string", format: "uri" } },
    required: ["name", "price"],
    additionalProperties: false,
  };

  it("validates answers and lists what is wrong", () => {
    const prepared = prepareJsonSchema(schema);
    if (!prepared.ok) throw new Error(prepared.reason);
    expect(checkJsonAnswer(prepared.validate, { name: "Lamp", price: 49 })).toEqual({ ok: true, value: { name: "Lamp", price: 49 } });
    const bad = checkJsonAnswer(prepared.validate, { name: "Lamp", price: "49", extra: 1, url: "not a url" });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toMatch(/\/price must be number/);
    expect(!bad.ok && bad.errors).toMatch(/additional properties \(extra\)/);
    expect(!bad.ok && bad.errors).toMatch(/\/url must match format "uri"/);
    expect(checkJsonAnswer(prepared.validate, undefined).ok).toBe(false);
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
    const prepared = prepareJsonSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "array", prefixItems: [{ type: "string" }] });
    expect(prepared.ok).toBe(true);
  });
});
