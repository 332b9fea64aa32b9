// Each of `npm run lint`'s checks, run on small repositories written to a temp folder: the
// breaking file fails (or warns) with the rule's message, and a clean repository passes.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImportCycles } from "./import-cycles.mjs";
import { runEslint, runFormatCheck } from "./lint.mjs";

const REPO = path.resolve(import.meta.dirname, "../..");
const CONFIG = path.join(REPO, "eslint.config.js");
const BIOME = path.join(REPO, "node_modules/.bin/biome");

type Tree = Record<string, string>;

const manifest = (name: string, dependencies: Record<string, string> = {}, devDependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, version: "0.1.0", type: "module", exports: { ".": "./src/index.ts" }, dependencies, devDependencies }, null, 2) +
  "\n";

/** A repository that keeps every rule: web and server over the contract, services over db. */
const CLEAN: Tree = {
  "package.json":
    JSON.stringify(
      { name: "fixture", private: true, type: "module", workspaces: ["apps/*", "packages/*"], devDependencies: { vitest: "4.1.12" } },
      null,
      2,
    ) + "\n",
  ".gitignore": "node_modules/\n",
  "packages/contract/package.json": manifest("@errand/contract"),
  "packages/contract/src/index.ts": 'export type RunId = string;\nexport const RUN_STATUSES = ["pending", "success"] as const;\n',
  "packages/db/package.json": manifest("@errand/db", { "@errand/contract": "0.1.0" }),
  "packages/db/src/index.ts":
    'import type { RunId } from "@errand/contract";\n\nexport function createDb(id: RunId): { id: RunId } {\n  return { id };\n}\n',
  "packages/services/package.json": manifest("@errand/services", { "@errand/contract": "0.1.0", "@errand/db": "0.1.0" }),
  "packages/services/src/index.ts": 'import { createDb } from "@errand/db";\n\nexport const openRun = (id: string) => createDb(id);\n',
  "apps/web/package.json": manifest("@errand/web", { "@errand/contract": "0.1.0" }),
  "apps/web/src/index.ts": 'import { RUN_STATUSES } from "@errand/contract";\n\nexport const firstStatus = RUN_STATUSES[0];\n',
  "apps/server/package.json": manifest(
    "@errand/server",
    { "@errand/contract": "0.1.0", "@errand/services": "0.1.0" },
    { "@errand/db": "0.1.0" },
  ),
  "apps/server/src/index.ts": 'import { openRun } from "@errand/services";\n\nexport const handle = (id: string) => openRun(id);\n',
  // Tests may use the database's helpers, declared as a devDependency (docs/adr/0017-enforced-boundaries.md).
  "apps/server/src/index.test.ts": 'import { createDb } from "@errand/db";\n\nexport const db = createDb("run");\n',
};

function writeTree(tree: Tree): string {
  const root = mkdtempSync(path.join(tmpdir(), "errand-lint-"));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  cpSync(path.join(REPO, "biome.json"), path.join(root, "biome.json"));
  return root;
}

/** A function of `lines` lines (its first and last included) with one statement per line. */
function functionOf(name: string, lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  total += ${i};`);
  return [`export function ${name}(): number {`, "  let total = 0;", ...body.slice(1, -1), "  return total;", "}", ""].join("\n");
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function lint(tree: Tree, longFunctionsAllowed = 10) {
  const root = writeTree(tree);
  roots.push(root);
  const result = await runEslint(root, { overrideConfigFile: CONFIG, longFunctionsAllowed });
  const messagesOf = (file: string) => [...result.errors, ...result.otherWarnings, ...result.longFunctions].filter((m) => m.file === file);
  return { root, result, messagesOf };
}

describe("npm run lint on a repository that keeps every rule", () => {
  it("passes eslint, the import-circle check and the formatter's check", async () => {
    const { root, result } = await lint(CLEAN);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(checkImportCycles(root).cycles).toEqual([]);
    const format = runFormatCheck(root, BIOME);
    expect(format.output).not.toContain("internalError");
    expect(format.ok).toBe(true);
  });
});

describe("package boundaries (errand/boundaries)", () => {
  let checked: Awaited<ReturnType<typeof lint>>;
  beforeAll(async () => {
    checked = await lint({
      ...CLEAN,
      "apps/web/package.json": manifest("@errand/web", { "@errand/contract": "0.1.0", "@errand/db": "0.1.0" }),
      "apps/web/src/runs.ts": 'import { createDb } from "@errand/db";\n\nexport const db = createDb("run");\n',
      "apps/web/src/climb.ts": 'import { createDb } from "../../../packages/db/src/index.ts";\n\nexport const db = createDb("run");\n',
      "apps/server/src/health.ts": 'import { createDb } from "@errand/db";\n\nexport const db = createDb("run");\n',
      "packages/contract/src/upward.ts": 'export type { Db } from "@errand/db";\n',
    });
  });

  it("fails a web file that imports @errand/db, saying where the code should go", () => {
    const [message] = checked.messagesOf("apps/web/src/runs.ts");
    expect(message?.ruleId).toBe("errand/boundaries");
    expect(message?.severity).toBe(2);
    expect(message?.message).toContain("apps/web must not import @errand/db: the web app reaches data through the API");
    expect(checked.result.ok).toBe(false);
  });

  it("fails a relative import that climbs into another package", () => {
    expect(checked.messagesOf("apps/web/src/climb.ts").map((m) => m.message)).toEqual([
      expect.stringContaining("Import @errand/db by its package name, not by a relative path into packages/db"),
    ]);
  });

  it("fails the server reaching the database other than through services, but not its tests", () => {
    const boundaries = checked.messagesOf("apps/server/src/health.ts").filter((m) => m.ruleId === "errand/boundaries");
    expect(boundaries.map((m) => m.message)).toEqual([
      expect.stringContaining("apps/server must not import @errand/db: the server reaches the database only through service verbs"),
    ]);
    expect(checked.messagesOf("apps/server/src/index.test.ts")).toEqual([]);
  });

  it("fails the contract importing any of our packages, types included", () => {
    const messages = checked.messagesOf("packages/contract/src/upward.ts");
    expect(messages.map((m) => m.ruleId)).toContain("errand/boundaries");
    expect(messages.find((m) => m.ruleId === "errand/boundaries")?.message).toContain("packages/contract must not import @errand/db");
  });
});

describe("declared dependencies (errand/declared-dependencies)", () => {
  it("fails an import of one of our packages that the importer's package.json does not declare", async () => {
    const { messagesOf, result } = await lint({
      ...CLEAN,
      "apps/web/src/statuses.ts":
        'import type { RunId } from "@errand/contract";\nimport { openRun } from "@errand/server";\n\nexport const run = (id: RunId) => openRun(id);\n',
      "apps/web/src/undeclared.ts": 'import { handle } from "@errand/server";\n\nexport const answer = handle("run");\n',
    });
    const messages = messagesOf("apps/web/src/undeclared.ts").filter((m) => m.ruleId === "errand/declared-dependencies");
    expect(messages.map((m) => m.message)).toEqual([
      '@errand/server is imported but not declared in apps/web/package.json: add it to "dependencies" ("@errand/server": "0.1.0") and run npm install.',
    ]);
    expect(result.ok).toBe(false);
  });

  it("fails shipped code that imports a devDependency (a type-only import may), and a third-party package nobody declares", async () => {
    const { messagesOf } = await lint({
      ...CLEAN,
      "apps/server/src/factories.ts":
        'import { createDb } from "@errand/db";\nimport left from "left-pad";\n\nexport const db = createDb(left);\n',
      "apps/server/src/types.ts": 'import type { createDb } from "@errand/db";\n\nexport type Db = ReturnType<typeof createDb>;\n',
    });
    expect(messagesOf("apps/server/src/types.ts").filter((m) => m.ruleId === "errand/declared-dependencies")).toEqual([]);
    const messages = messagesOf("apps/server/src/factories.ts").filter((m) => m.ruleId === "errand/declared-dependencies");
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining("@errand/db is only a devDependency of apps/server/package.json, but this file ships"),
      expect.stringContaining("left-pad is imported but not declared in apps/server/package.json"),
    ]);
  });
});

describe("import circles (scripts/lint/import-cycles.mjs)", () => {
  const circle: Tree = {
    ...CLEAN,
    "packages/services/src/context.ts":
      'import type { LiveSessions } from "./live.ts";\n\nexport interface Context {\n  live: LiveSessions;\n}\n',
    "packages/services/src/live.ts":
      'import type { Context } from "./context.ts";\n\nexport interface LiveSessions {\n  context: Context;\n}\n',
  };

  it("fails a new circle made only of type imports, printing it as a chain of files", () => {
    const root = writeTree(circle);
    roots.push(root);
    const { fresh } = checkImportCycles(root);
    expect(fresh).toEqual([["packages/services/src/context.ts", "packages/services/src/live.ts"]]);
  });

  it("finds a circle across packages through their package names", () => {
    const root = writeTree({
      ...CLEAN,
      "packages/contract/src/index.ts": 'import type { Db } from "@errand/db";\n\nexport type RunId = string;\nexport type Handle = Db;\n',
      "packages/db/src/index.ts": 'import type { RunId } from "@errand/contract";\n\nexport type Db = { id: RunId };\n',
    });
    roots.push(root);
    expect(checkImportCycles(root).fresh).toEqual([["packages/contract/src/index.ts", "packages/db/src/index.ts"]]);
  });

  it("tolerates a circle every file of which is on the known list, and no other", () => {
    const root = writeTree(circle);
    roots.push(root);
    expect(checkImportCycles(root, ["packages/services/src/context.ts", "packages/services/src/live.ts"]).fresh).toEqual([]);
    expect(checkImportCycles(root, ["packages/services/src/context.ts"]).fresh).toHaveLength(1);
  });
});

describe("the formatter's check (Biome, biome.json)", () => {
  it("fails a file that is not formatted, naming it", () => {
    const root = writeTree({ ...CLEAN, "apps/web/src/messy.ts": "export const total = {a:1,\n    b: 2}\n" });
    roots.push(root);
    const format = runFormatCheck(root, BIOME);
    expect(format.ok).toBe(false);
    expect(format.output).toContain("apps/web/src/messy.ts");
  });
});

describe("function length (errand/long-function, errand/max-lines-per-function)", () => {
  let checked: Awaited<ReturnType<typeof lint>>;
  beforeAll(async () => {
    const describeBlock = ['import { describe, it } from "vitest";', "", 'describe("many cases", () => {'];
    for (let i = 0; i < 45; i++) describeBlock.push(`  it("case ${i}", () => {`, "    void 0;", "  });");
    describeBlock.push("});", "");
    checked = await lint(
      {
        ...CLEAN,
        "packages/services/src/eighty.ts": functionOf("eighty", 80),
        "packages/services/src/eighty-one.ts": functionOf("eightyOne", 81),
        "packages/services/src/one-fifty-one.ts": functionOf("oneFiftyOne", 151),
        "packages/services/src/many.test.ts": describeBlock.join("\n"),
      },
      2,
    );
  });

  it("warns at 81 lines without failing, and says nothing at 80", () => {
    expect(checked.messagesOf("packages/services/src/eighty.ts")).toEqual([]);
    const [warning] = checked.messagesOf("packages/services/src/eighty-one.ts");
    expect(warning).toMatchObject({ ruleId: "errand/long-function", severity: 1 });
    expect(warning?.message).toContain("too many lines (81)");
  });

  it("fails at 151 lines", () => {
    const messages = checked.messagesOf("packages/services/src/one-fifty-one.ts");
    expect(messages.find((m) => m.severity === 2)).toMatchObject({ ruleId: "errand/max-lines-per-function" });
    expect(checked.result.errors.map((m) => m.file)).toEqual(["packages/services/src/one-fifty-one.ts"]);
  });

  it("exempts a test file's describe callback", () => {
    expect(checked.messagesOf("packages/services/src/many.test.ts")).toEqual([]);
  });

  it("fails once more functions are over 80 lines than allowed", async () => {
    const tree = { ...CLEAN, "packages/services/src/a.ts": functionOf("a", 90), "packages/services/src/b.ts": functionOf("b", 90) };
    expect((await lint(tree, 2)).result.ok).toBe(true);
    const over = await lint(tree, 1);
    expect(over.result.tooManyLong).toBe(true);
    expect(over.result.ok).toBe(false);
  });
});

describe("comments citing issue numbers (errand/no-issue-numbers)", () => {
  it("fails a comment that cites an issue, not one that cites an ADR", async () => {
    const { messagesOf } = await lint({
      ...CLEAN,
      "packages/services/src/cited.ts":
        "// Proxies rotate per run (issue 20).\nexport const a = 1;\n/** Why: docs/adr/0010-proxies.md. */\nexport const b = 2;\n",
    });
    expect(messagesOf("packages/services/src/cited.ts").map((m) => [m.ruleId, m.line])).toEqual([["errand/no-issue-numbers", 1]]);
  });
});
