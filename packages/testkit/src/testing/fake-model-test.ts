import { test } from "vitest";
import { startFakeModelServer } from "../fake-model/start-fake-model-server.ts";
import { closedAfter } from "./closed-after.ts";

/**
 * vitest's test with the `fakeModel` fixture (docs/adr/0028-test-fixtures.md): one fake model
 * server for the file, closed after it, and reset before each test.
 */
export const fakeModelTest = test
  .extend(
    "fakeModel",
    { scope: "file" },
    closedAfter(() => startFakeModelServer()),
  )
  .extend("resetFakeModel", { auto: true }, ({ fakeModel }) => {
    fakeModel.reset();
  });
