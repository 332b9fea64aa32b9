import type { ApiOperationId } from "@errand/contract";
import { testMailer } from "@errand/services/testing";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../../testing/app-test.ts";
import { documentedOperations, runRow, type DocumentedOperation } from "./testing/run-row.ts";
import { runsRows } from "./testing/runs-rows.ts";
import { savedThingsRows } from "./testing/saved-things-rows.ts";
import { workspaceRows } from "./testing/workspace-rows.ts";
import { makeWorkspaceWorld, type WorkspaceWorld } from "./testing/workspace-world.ts";

// The role matrix (docs/security.md), workspace family: every caller against every operation on the
// account, named keys, the audit log, billing, workspaces, members and invitations. Invitations are
// mailed through real SMTP to the testkit's capture, where the links are read.
const it = appTestWithoutQueue.extend("appOptions", { scope: "file" }, ({ smtp }) => ({
  apiRateLimit: 1_000_000,
  parts: { mailer: testMailer(smtp.url) },
}));
let world: WorkspaceWorld;
let documented: Map<ApiOperationId, DocumentedOperation>;
it.beforeAll(async ({ app, smtp }) => {
  documented = await documentedOperations(app);
  world = await makeWorkspaceWorld(app, smtp);
});

describe("the role matrix", () => {
  it("has one row, in one family, for every operation of the OpenAPI document", () => {
    const families = [runsRows, savedThingsRows, workspaceRows].map((rows) => Object.keys(rows));
    const rows = families.flat();
    expect(rows.length, "an operation with a row in two families").toBe(new Set(rows).size);
    expect(rows.sort()).toEqual([...documented.keys()].sort());
  });
});

describe("the role matrix: account, keys, billing, workspaces, members and invitations", () => {
  for (const [id, row] of Object.entries(workspaceRows) as [ApiOperationId, NonNullable<(typeof workspaceRows)[ApiOperationId]>][]) {
    it(id, () => runRow(world, documented.get(id)!, row));
  }
});
