import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

describe("logger", () => {
  it("redacts secret fields, nested too, and respects the level", () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    log.debug("hidden");
    log.info("signed in", { userId: "u1", password: "hunter2", headers: { cookie: "sid=1", "x-api-key": "errand_sk_x" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("u1");
    expect(lines[0]).not.toMatch(/hunter2|sid=1|errand_sk_x/);
  });
});
