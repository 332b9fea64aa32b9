import { expect, test } from "vitest";
import "./zod-without-eval";
import { config } from "zod";

test("zod reads the setting the CSP setup makes without importing it: parsers are never compiled with eval", () => {
  expect(config().jitless).toBe(true);
});
