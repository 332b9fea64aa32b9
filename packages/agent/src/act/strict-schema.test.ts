import { CATALOG } from "@errand/content/catalog";
import { sampleFromSchema, strictSchemaProblem } from "@errand/testkit";
import { describe, expect, it } from "vitest";
import { prepareJsonSchema } from "../loop/json-result.ts";
import { toStrictSchema } from "./strict-schema.ts";
import { buildTools } from "./tool-definitions.ts";

const product = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "Product",
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    price: { type: "number", minimum: 0, description: "In dollars" },
    url: { type: "string", format: "uri" },
    tags: { type: "array", items: { type: "string" }, maxItems: 5 },
    note: { type: ["string", "null"] },
  },
  required: ["name", "price"],
};

describe("toStrictSchema", () => {
  it("requires every property, makes optional ones nullable and puts value rules into words", () => {
    expect(toStrictSchema(product)?.schema).toEqual({
      type: "object",
      properties: {
        name: { type: "string", description: "(at least 1 character)" },
        price: { type: "number", description: "In dollars (at least 0)" },
        url: { type: ["string", "null"], description: "(format: uri)" },
        tags: { type: ["array", "null"], items: { type: "string" }, description: "(at most 5 items)" },
        note: { type: ["string", "null"] },
      },
      required: ["name", "price", "url", "tags", "note"],
      additionalProperties: false,
    });
  });

  it("removes the nulls that stand for left-out fields, and keeps the ones the schema allows", () => {
    const strict = toStrictSchema({ type: "array", items: product })!;
    const answer = [{ name: "Lamp", price: 49, url: null, tags: null, note: null }];
    expect(strict.restore(answer)).toEqual([{ name: "Lamp", price: 49, note: null }]);
    const prepared = prepareJsonSchema({ type: "array", items: product });
    expect(prepared.ok && prepared.validate(strict.restore(answer))).toBe(true);
    expect(prepared.ok && prepared.validate(answer)).toBe(false);
  });

  it("gives up on what strict mode cannot express", () => {
    const cannot = [
      { type: "object" }, // any object
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "string" } },
      { type: "array" }, // a list of anything
      { oneOf: [{ type: "string" }, { type: "number" }] },
      { type: "object", properties: { a: { $ref: "#/definitions/x" } } },
      { type: "object", properties: { a: {} } }, // a value of any type
      { type: "object", properties: { a: { type: "string" } }, required: ["b"] },
      { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] }, // restoring inside anyOf
    ];
    for (const schema of cannot) expect(toStrictSchema(schema), JSON.stringify(schema)).toBeNull();
  });

  it("turns every catalogue automation's schema into one OpenAI accepts, or leaves it unstrict, and its answers fit the original", () => {
    let strict = 0;
    for (const automation of CATALOG.filter((a) => a.responseFormat === "json")) {
      const { tools } = buildTools({ responseFormat: "json", jsonSchema: automation.jsonSchema, strict: true });
      const done = tools.done as unknown as { inputSchema: { jsonSchema: Record<string, unknown> }; strict?: boolean };
      const converted = toStrictSchema(automation.jsonSchema);
      if (!converted) {
        expect(done.strict, automation.slug).toBeUndefined();
        continue;
      }
      strict++;
      expect(done.strict, automation.slug).toBe(true);
      expect(strictSchemaProblem(done.inputSchema.jsonSchema), automation.slug).toBeNull();
      const prepared = prepareJsonSchema(automation.jsonSchema);
      // Every column of the catalogue is required: a strict answer has the same shape as a sample of the original.
      const answer = converted.restore(sampleFromSchema(automation.jsonSchema));
      expect(
        prepared.ok && prepared.validate(answer),
        `${automation.slug}: ${JSON.stringify(prepared.ok && prepared.validate.errors)}`,
      ).toBe(true);
    }
    // All but the free-form table ("extract a table": columns come from the page).
    expect(strict).toBe(CATALOG.filter((a) => a.responseFormat === "json").length - 1);
  });

  it("sends the agent's own tools in a form OpenAI accepts", () => {
    for (const format of ["text", "json"] as const) {
      const { tools } = buildTools({ responseFormat: format, jsonSchema: product, strict: true });
      for (const [name, t] of Object.entries(tools)) {
        const spec = t as unknown as { inputSchema: { jsonSchema: Record<string, unknown> }; strict?: boolean };
        expect(spec.strict, name).toBe(true);
        expect(strictSchemaProblem(spec.inputSchema.jsonSchema), name).toBeNull();
      }
    }
  });
});
