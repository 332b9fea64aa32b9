import { test } from "vitest";
import { startHarness, type Harness } from "./harness.ts";

/**
 * vitest's test with the `agent` fixture (docs/adr/0028-test-fixtures.md): one Chromium, the fake
 * model server and the fixture sites, started once per file and closed after it.
 */
export const agentTest = test.extend(
  "agent",
  { scope: "file" },
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none here.
  async ({}, { onCleanup }): Promise<Harness> => {
    const harness = await startHarness();
    onCleanup(() => harness.close());
    return harness;
  },
);
