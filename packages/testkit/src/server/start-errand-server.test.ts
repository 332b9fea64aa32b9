import { createIsolatedTestDb } from "@errand/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startErrandServer } from "./start-errand-server.ts";
import type { ErrandTestServer } from "./types.ts";

// A real `errand serve` process: its start-up takes seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const database = await createIsolatedTestDb();
let server: ErrandTestServer;
beforeAll(async () => {
  server = await startErrandServer({ databaseUrl: database.url, workerConcurrency: 0 });
});
afterAll(async () => {
  await server?.close();
  await database.close();
});

describe("startErrandServer", () => {
  it("serves the API and signs up accounts whose API key works", async () => {
    const user = await server.signUp();
    expect(user.apiKey).toMatch(/\S{20,}/);
    const res = await fetch(`${server.baseUrl}/api/v1/account`, { headers: { "x-api-key": user.apiKey } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(user.email);
  });

  it("explains a failed start with the tail of the server's output", async () => {
    await expect(startErrandServer({ databaseUrl: "postgres://nobody@127.0.0.1:1/none", env: { PORT: "not-a-port" } })).rejects.toThrow(
      /errand serve exited[\s\S]*errand serve output/,
    );
  });
});
