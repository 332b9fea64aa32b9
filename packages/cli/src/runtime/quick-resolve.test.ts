import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = path.resolve(import.meta.dirname, "../..");
const HOOK = path.join(cli, "bin/quick-resolve.mjs");

// Records, in load order, every module a child process loads with the format Node settled on,
// after whatever resolve hooks run before it.
const RECORDER = `
import module from "node:module";
const seen = [];
module.registerHooks({ load(url, context, next) { seen.push(url + " " + context.format); return next(url, context); } });
process.on("exit", () => process.stdout.write(JSON.stringify(seen)));
`;

function loadedModules(withHook: boolean, imports: string[]): string[] {
  const recorder = `data:text/javascript,${encodeURIComponent(RECORDER)}`;
  const script = imports.map((name) => `await import(${JSON.stringify(name)});`).join("\n");
  const args = [...(withHook ? ["--import", HOOK] : []), "--import", recorder, "--input-type=module", "-e", script];
  const loaded = JSON.parse(execFileSync(process.execPath, args, { cwd: path.join(cli, "../db"), encoding: "utf8" })) as string[];
  // Node's built-in modules the hook itself imports are loaded before the recorder.
  return loaded.filter((line) => !line.startsWith("node:"));
}

describe("the quick resolve hook (docs/adr/0064-quick-module-resolution.md)", () => {
  it("loads the same modules in the same formats as Node's own resolution", () => {
    // drizzle-orm (ESM files, a large export map), pg (CommonJS), pg-boss (ESM, bare imports of both).
    const imports = ["drizzle-orm/node-postgres", "drizzle-orm/pg-core", "drizzle-orm", "pg", "pg-boss"];
    const plain = loadedModules(false, imports);
    expect(plain.filter((line) => line.includes("/drizzle-orm/")).length).toBeGreaterThan(100);
    expect(loadedModules(true, imports)).toEqual(plain);
    // Two processes loading a few hundred modules each: seconds on a busy machine.
  }, 60_000);
});
