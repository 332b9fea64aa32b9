import type { ApiOperationId } from "@errand/contract";
import { describe } from "vitest";
import { appTest } from "../../../testing/app-test.ts";
import { documentedOperations, runRow, type DocumentedOperation } from "./testing/run-row.ts";
import { runsRows } from "./testing/runs-rows.ts";
import { makeRunsWorld, type RunsWorld } from "./testing/runs-world.ts";

// The role matrix (docs/security.md), runs family: every caller against every operation on runs,
// tasks, schedules, sharing, screenshots, files and automations, on the real app and a real run queue.
const it = appTest.extend("appOptions", { apiRateLimit: 1_000_000, pendingRunsPerAccount: 10_000 });
let world: RunsWorld;
let documented: Map<ApiOperationId, DocumentedOperation>;
it.beforeAll(async ({ app }) => {
  documented = await documentedOperations(app);
  world = await makeRunsWorld(app);
});

describe("the role matrix: runs, tasks, files and automations", () => {
  for (const [id, row] of Object.entries(runsRows) as [ApiOperationId, NonNullable<(typeof runsRows)[ApiOperationId]>][]) {
    it(id, () => runRow(world, documented.get(id)!, row));
  }
});
