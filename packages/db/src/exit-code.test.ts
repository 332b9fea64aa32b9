import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tsx = path.resolve(import.meta.dirname, "../../../node_modules/.bin/tsx");
const module = path.resolve(import.meta.dirname, "embedded-postgres.ts");

describe("a process that loads the embedded Postgres module", () => {
  it("keeps the exit code it set (a test runner's failures stay failures)", async () => {
    const script = `await import(${JSON.stringify(module)}); process.exitCode = 3;`;
    const code = await new Promise<number | null>((resolve) => {
      const child = execFile(tsx, ["--input-type=module", "--eval", script], { timeout: 30_000 });
      child.on("exit", (exit) => resolve(exit));
    });
    expect(code).toBe(3);
  });
});
