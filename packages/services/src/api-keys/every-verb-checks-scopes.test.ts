import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A named key's scopes are only as good as the verbs that check them
// (docs/adr/0035-named-api-keys-with-scopes.md): every verb called for a person must check the
// caller's scope and role, or be listed here with the reason it need not.
const SERVICES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXEMPT: Record<string, string> = {
  "workspaces/caller-in-workspace.ts": "makes a caller: checks the membership itself; the verb then called checks the scope",
  "api/with-idempotency.ts": "wraps a verb that checks",
};
const CHECKS = /\b(requireRole|requireScope|requireAdmin)\(/;
const TAKES_CALLER = /export async function \w+\([^)]*CallerVerbArgs</;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.startsWith("testing") ? [full] : [];
  });
}

describe("scopes", () => {
  it("are checked by every verb that takes a caller", () => {
    const unchecked = sourceFiles(SERVICES)
      .filter((file) => TAKES_CALLER.test(readFileSync(file, "utf8")) && !CHECKS.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SERVICES, file))
      .filter((file) => !(file in EXEMPT));
    expect(unchecked).toEqual([]);
  });
});
