import type { ApiOperationId } from "@errand/contract";
import { TEST_NETWORK_RULE } from "@errand/services/testing";
import { startWebhookWorker } from "@errand/worker";
import { describe } from "vitest";
import { appTestWithoutQueue } from "../../../testing/app-test.ts";
import { documentedOperations, runRow, type DocumentedOperation } from "./testing/run-row.ts";
import { savedThingsRows } from "./testing/saved-things-rows.ts";
import { makeSavedThingsWorld, type SavedThingsWorld } from "./testing/saved-things-world.ts";

// The role matrix (docs/security.md), saved things family: every caller against every operation on
// saved logins, credentials, proxy pools and webhooks. A database of its own, with a real webhook
// worker: a webhook test waits for its delivery to be tried, and the worker takes every due one.
const it = appTestWithoutQueue
  .extend("databaseOptions", { isolated: true })
  .extend("appOptions", { apiRateLimit: 1_000_000 })
  .extend("webhookWorker", { scope: "file" }, ({ app }, { onCleanup }) => {
    const worker = startWebhookWorker({ ctx: app.ctx, network: TEST_NETWORK_RULE }, { pollMs: 50 });
    onCleanup(() => worker.stop());
    return worker;
  });
let world: SavedThingsWorld;
let documented: Map<ApiOperationId, DocumentedOperation>;
it.beforeAll(async ({ app, webhookWorker: _running }) => {
  documented = await documentedOperations(app);
  world = await makeSavedThingsWorld(app);
});

describe("the role matrix: saved logins, credentials, proxy pools and webhooks", () => {
  for (const [id, row] of Object.entries(savedThingsRows) as [ApiOperationId, NonNullable<(typeof savedThingsRows)[ApiOperationId]>][]) {
    it(id, () => runRow(world, documented.get(id)!, row));
  }
});
