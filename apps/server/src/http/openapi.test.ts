import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_ROUTES, API_V1_PREFIX, apiOperations, operationPath, type ApiOperationId } from "@errand/contract";
import { describe, expect } from "vitest";
import { appTestWithoutQueue as it } from "../testing/app-test.ts";
import { json, type TestApp } from "../testing/test-app.ts";

const COMMITTED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../docs/openapi.json");
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

describe("OpenAPI document", () => {
  it("is served without a key and matches the committed docs/openapi.json", async () => {
    const res = await t.app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const served = await json(res);
    expect(served.openapi).toBe("3.1.0");
    for (const p of [
      "/runs",
      "/runs/{id}",
      "/tasks/{id}/runs",
      "/runs/{id}/make-public",
      "/{type}/{id}/screenshot",
      "/demo/{id}",
      "/tasks",
      "/account",
    ]) {
      expect(Object.keys(served.paths)).toContain(p);
    }
    const text = `${JSON.stringify(served, null, 2)}\n`;
    // `npm run openapi` rewrites the committed file from the code.
    if (process.env.UPDATE_OPENAPI) await writeFile(COMMITTED, text);
    expect(await readFile(COMMITTED, "utf8")).toBe(text);
  });

  it("describes exactly the operations of the contract, each at its method and path with its name", async () => {
    const served = await json(await t.app.request("/api/v1/openapi.json"));
    const documented = Object.entries(served.paths as Record<string, Record<string, { operationId?: string; summary?: string }>>).flatMap(
      ([p, methods]) =>
        Object.entries(methods).map(([method, described]) => ({ id: described.operationId, method, path: p, summary: described.summary })),
    );
    const described = Object.values(apiOperations).map((o) => ({ id: o.operationId, method: o.method, path: o.path, summary: o.summary }));
    expect(documented.sort(byId)).toEqual(described.sort(byId));
  });

  it("serves every operation of the contract (none falls through to 'No endpoint')", async () => {
    const caller = await t.newCaller();
    // Rotating the key last: the calls before it still use the key.
    const ids = (Object.keys(API_ROUTES) as ApiOperationId[]).sort((a, b) => Number(a === "rotateApiKey") - Number(b === "rotateApiKey"));
    for (const id of ids) {
      const op = apiOperations[id];
      const url =
        API_V1_PREFIX +
        operationPath(op.path, {
          id: "00000000-0000-4000-8000-000000000000",
          slug: "no-such-automation",
          token: "no-such-token",
          type: "runs",
          userId: "00000000-0000-4000-8000-000000000000",
          invitationId: "00000000-0000-4000-8000-000000000000",
          version: 1,
        });
      const hasBody = "request" in op && "body" in op.request;
      const res = await t.app.request(url, {
        method: op.method.toUpperCase(),
        headers: { ...caller.headers, "x-forwarded-for": t.freshIp() },
        body: hasBody ? "{}" : undefined,
      });
      // Streams answer at once with their headers; nothing more is needed from them.
      const text = res.headers.get("content-type")?.startsWith("text/event-stream") ? (await res.body?.cancel(), "") : await res.text();
      expect(text, `${op.method.toUpperCase()} ${op.path}`).not.toContain("No endpoint");
      expect(res.status, `${op.method.toUpperCase()} ${op.path}`).not.toBe(405);
    }
  });
});

const byId = (a: { id?: string }, b: { id?: string }) => String(a.id).localeCompare(String(b.id));
