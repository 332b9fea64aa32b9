import type { Verification } from "@errand/contract";
import { createTaskWithRun, finishRun } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { createTestAccount, serviceTest, testCaller } from "@errand/services/testing";
import { describe, expect } from "vitest";
import { webhookWorkersFor } from "./testing/webhook-workers.ts";

// A run's webhook carries how its answer was verified and the chain it belongs to
// (docs/adr/0043-verified-results.md), as the API shows them.
const it = serviceTest.extend("databaseOptions", { isolated: true });
let ctx: ServiceContext;
it.beforeAll(({ ctx: fileCtx }) => {
  ctx = fileCtx;
});
const { receiver, worker } = webhookWorkersFor(() => ctx);

describe("a verified run's webhook", () => {
  it("carries its verification, checks and retry_of in the run", async () => {
    const endpoint = await receiver();
    worker([endpoint]);
    const user = await createTestAccount(ctx);
    const checks = { assertions: [{ kind: "field_present" as const, path: "price" }] };
    const { run } = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "p", response_format: "json", webhook_url: endpoint.url, checks } },
    });
    const verification: Verification = {
      verdict: "fail",
      checks: [{ kind: "field_present", path: "price", passed: false, message: "price is missing" }],
    };
    await finishRun({
      ctx,
      input: { runId: run.id, status: "failed", result: "{}", reason: "The answer failed its checks: price is missing.", verification },
    });
    await endpoint.waitFor(1);
    expect(JSON.parse(endpoint.received[0]!.body)).toMatchObject({
      event: "run.finished",
      run: { id: run.id, status: "failed", checks, verification, retry_of: null, retries: [] },
    });
  });
});
