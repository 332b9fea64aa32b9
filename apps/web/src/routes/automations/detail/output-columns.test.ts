import { describe, expect, it } from "vitest";
import { outputColumns } from "./output-columns";

describe("outputColumns", () => {
  it("lists the item fields of a one-list schema", () => {
    const schema = {
      type: "object",
      properties: { stories: { type: "array", items: { type: "object", properties: { title: {}, points: {} } } } },
    };
    expect(outputColumns(schema)).toEqual(["title", "points"]);
  });

  it("is null for other shapes", () => {
    expect(outputColumns(null)).toBeNull();
    expect(outputColumns({ type: "object", properties: { a: { type: "string" } } })).toBeNull();
    expect(outputColumns({ properties: { a: { type: "array", items: {} } } })).toBeNull();
    expect(outputColumns({ properties: { a: { type: "array", items: { type: "object", properties: {} } }, b: {} } })).toBeNull();
  });
});
