import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, json } from "../testing/test-app.ts";

const COMMITTED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../docs/openapi.json");
const t = await createTestApp();
afterAll(() => t.close());

describe("OpenAPI document", () => {
  it("is served without a key and matches the committed docs/openapi.json", async () => {
    const res = await t.app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const served = await json(res);
    expect(served.openapi).toBe("3.1.0");
    for (const p of ["/runs", "/runs/{id}", "/tasks/{id}/runs", "/runs/{id}/make-public", "/{type}/{id}/screenshot", "/demo/{id}", "/tasks", "/account"]) {
      expect(Object.keys(served.paths)).toContain(p);
    }
    const text = `${JSON.stringify(served, null, 2)}\n`;
    // `npm run openapi` rewrites the committed file from the code.
    if (process.env.UPDATE_OPENAPI) await writeFile(COMMITTED, text);
    expect(await readFile(COMMITTED, "utf8")).toBe(text);
  });
});
