import { test } from "vitest";
import { closedAfter } from "@errand/testkit/testing";
import { startHarness } from "./harness.ts";

/**
 * vitest's test with the `agent` fixture (docs/adr/0028-test-fixtures.md): one Chromium, the fake
 * model server and the fixture sites, started once per file and closed after it; the model's
 * script and the sites' records are cleared before each test.
 */
export const agentTest = test
  .extend("agent", { scope: "file" }, closedAfter(startHarness))
  .extend("freshAgent", { auto: true }, ({ agent }) => {
    agent.model.reset();
    agent.sites.reset();
  });
