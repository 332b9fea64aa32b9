import { describe, expect, it } from "vitest";
import {
  constraintsOf,
  groupOperations,
  operationId,
  parseOpenApiDocument,
  quickStartCurl,
  schemaRows,
  splitInlineCode,
  TAG_ORDER,
  typeLabel,
  type OpenApiDocument,
} from "./openapi-reference";
import committedDocument from "../../../../../docs/openapi.json";

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  components: {
    schemas: {
      Item: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] },
      Order: {
        type: "object",
        description: "An order",
        properties: {
          id: { type: "string", format: "uuid", description: "The order id" },
          note: { type: ["string", "null"], maxLength: 200 },
          items: { type: "array", items: { $ref: "#/components/schemas/Item" }, minItems: 1 },
          kind: { type: "string", enum: ["a", "b"], default: "a" },
          extra: {},
        },
        required: ["id", "items"],
      },
      Loop: { $ref: "#/components/schemas/Loop" },
    },
    parameters: { Page: { name: "page", in: "query", schema: { type: "integer", minimum: 1 } } },
  },
  paths: {
    "/orders/{id}": {
      parameters: [],
      get: {
        tags: ["Orders"],
        summary: "An order",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          { name: "x-trace", in: "header", schema: { type: "string" } },
        ],
        responses: { "200": { description: "The order" }, "404": { description: "No such `order`" } },
      },
    },
    "/orders": {
      post: {
        tags: ["Orders"],
        summary: "Create one",
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } } },
        responses: { "201": { description: "Created" } },
      },
      get: { tags: ["Runs"], summary: "List", security: [], parameters: [{ $ref: "#/components/parameters/Page" }] },
    },
  },
};

describe("OpenAPI reference rows", () => {
  it("resolves $ref bodies into named, typed rows with constraints and nested fields", () => {
    expect(schemaRows(doc, { $ref: "#/components/schemas/Order" })).toEqual([
      { name: "id", type: "string (uuid)", required: true, description: "The order id", constraints: [] },
      { name: "note", type: "string | null", required: false, description: undefined, constraints: ["at most 200 characters"] },
      { name: "items", type: "array of Item", required: true, description: undefined, constraints: ["at least 1 items"] },
      { name: "items[].sku", type: "string", required: true, description: undefined, constraints: [] },
      { name: "kind", type: "string", required: false, description: undefined, constraints: ["one of: a, b", "default: a"] },
      { name: "extra", type: "any", required: false, description: undefined, constraints: [] },
    ]);
  });

  it("labels types and limits", () => {
    expect(typeLabel(doc, { anyOf: [{ type: "integer" }, { type: "null" }] })).toBe("integer | null");
    expect(typeLabel(doc, { $ref: "#/components/schemas/Loop" })).toBe("Loop");
    expect(constraintsOf(doc, { type: "integer", minimum: 30, maximum: 3600 })).toEqual(["30–3600"]);
    expect(constraintsOf(doc, { type: "string", minLength: 1 })).toEqual(["at least 1 characters"]);
  });

  it("groups operations by tag in the reference order, with anchors, parameters and responses", () => {
    const groups = groupOperations(doc);
    expect(groups.map((group) => group.tag)).toEqual(["Runs", "Orders"]);
    const [list] = groups[0]!.operations;
    expect(list).toMatchObject({ id: "get-orders", method: "GET", needsKey: false });
    expect(list!.parameters).toEqual([
      { name: "page", type: "query · integer", required: false, description: undefined, constraints: ["at least 1"] },
    ]);
    const [getOne, create] = groups[1]!.operations;
    expect(getOne!.parameters.map((row) => row.name)).toEqual(["id"]);
    expect(getOne!.responses).toEqual([
      { code: "200", description: "The order" },
      { code: "404", description: "No such `order`" },
    ]);
    expect(create!.body).toMatchObject({ required: true, contentType: "application/json" });
    expect(create!.body!.fields).toHaveLength(6);
    expect(create!.needsKey).toBe(true);
  });

  it("reads the committed Errand document", () => {
    const committed = parseOpenApiDocument(committedDocument as unknown);
    const groups = groupOperations(committed);
    // The ordered groups first, then the committed document's others in its own order.
    expect(groups.map((group) => group.tag)).toEqual([...TAG_ORDER, "Webhooks", "Schedules", "Batches", "Evaluations", "Proxies", "Files"]);
    const createRun = groups[0]!.operations.find((op) => op.id === "post-runs");
    expect(createRun?.body?.fields.find((row) => row.name === "prompt")).toMatchObject({
      required: true,
      constraints: ["1–20000 characters"],
    });
  });

  it("rejects what is not an OpenAPI document", () => {
    expect(() => parseOpenApiDocument({ error: { code: "x" } })).toThrow();
    expect(() => parseOpenApiDocument(null)).toThrow();
  });

  it("builds anchors, inline code and the quick start", () => {
    expect(operationId("GET", "/runs/{id}/events")).toBe("get-runs-id-events");
    expect(splitInlineCode("Send `x-api-key` now")).toEqual([
      { text: "Send ", code: false },
      { text: "x-api-key", code: true },
      { text: " now", code: false },
    ]);
    const curl = quickStartCurl("https://example.com/api/v1");
    expect(curl).toContain("curl -X POST https://example.com/api/v1/runs");
    expect(curl).toContain('"response_format": "text"');
    expect(curl).toContain("https://example.com/api/v1/runs/RUN_ID/events");
  });
});
