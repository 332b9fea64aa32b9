import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_DOCS } from "./env-schema.ts";

describe("the README's table of environment variables", () => {
  it("lists every variable with the default and meaning the config module documents", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, "../../../README.md"), "utf8");
    const rows = new Map(
      [...readme.matchAll(/^\| `([A-Z0-9_]+)` \| (.*?) \| (.*) \|$/gm)].map((m) => [m[1]!, { default: m[2]!, meaning: m[3]! }]),
    );
    expect([...rows.keys()].sort()).toEqual(Object.keys(ENV_DOCS).sort());
    for (const [name, doc] of Object.entries(ENV_DOCS)) expect(rows.get(name), name).toEqual(doc);
  });
});
