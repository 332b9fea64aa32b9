import { randomUUID } from "node:crypto";
import { users } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { installConsoleBridge } from "./console-bridge.ts";
import { createLogger } from "./logger.ts";
import { LOG_LIMITS } from "./log-text.ts";

const { db, close } = openTestDb();
afterAll(close);

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function bridged(level: Parameters<typeof createLogger>[0] = "debug") {
  const lines: string[] = [];
  restore = installConsoleBridge(createLogger(level, (line) => lines.push(line)));
  return lines;
}

describe("console bridge", () => {
  it("sends what libraries print through the logger: one escaped line each, at the matching level", () => {
    const lines = bridged();
    console.log("user said %s", "hi\r\n2026-01-01T00:00:00.000Z INFO  forged");
    console.warn("\u001b[33mWARN\u001b[0m [Better Auth]: Invalid origin: http://evil.example\u0085\u2028x");
    console.error({ nested: { value: "a\u0000b" } });
    console.debug("debug line");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\S+ INFO {2}user said hi\\r\\n2026-01-01T00:00:00.000Z INFO {2}forged$/);
    // Colour codes are dropped; other controls are escaped.
    expect(lines[1]).toMatch(/^\S+ WARN {2}WARN \[Better Auth\]: Invalid origin: http:\/\/evil.example\\u0085\\u2028x$/);
    expect(lines[2]).toMatch(/^\S+ ERROR /);
    expect(lines[2]).toContain("nested");
    expect(lines[3]).toMatch(/^\S+ DEBUG debug line$/);
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it("bounds a huge console line", () => {
    const lines = bridged();
    console.log("x".repeat(1_000_000));
    expect(lines[0]!.length).toBeLessThanOrEqual(LOG_LIMITS.line);
    expect(lines[0]).toMatch(/…\[truncated \d+ chars\]$/);
  });

  it("prints a failed query passed to console.error as its code and query name, not its parameters", async () => {
    const user = await createTestUser(db);
    const secretEmail = `leak-${randomUUID()}@example.test`;
    let error: unknown;
    await db
      .insert(users)
      .values({ id: user.id, name: "n", email: secretEmail })
      .catch((e: unknown) => (error = e));
    const lines = bridged();
    console.error(error);
    console.error("while saving:", error);
    for (const line of lines) {
      expect(line).toContain("code=23505");
      expect(line).toContain('query=insert into "users"');
      expect(line).not.toContain(secretEmail);
      expect(line).not.toContain(user.id);
    }
  });

  it("respects the level and gives the console back", () => {
    const original = console.info;
    const lines = bridged("warn");
    console.info("not shown");
    console.warn("shown");
    restore!();
    restore = undefined;
    expect(lines).toHaveLength(1);
    expect(console.info).toBe(original);
  });
});
