import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { checkLicences } from "./check-licences.mjs";
import { judgeLicences } from "./judge-licences.mjs";
import { parseExpression } from "./spdx-expression.mjs";

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, "check-licences.mjs");

type LockEntry = {
  version?: string;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
  resolved?: string;
};

let fixtures: string[] = [];
afterEach(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
  fixtures = [];
});

/** A checkout with only a package-lock.json (and the manifests given), as npm writes them. */
function checkout(packages: Record<string, LockEntry>, manifests: Record<string, object> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "errand-licences-"));
  fixtures.push(root);
  const lock = {
    name: "fixture",
    lockfileVersion: 3,
    requires: true,
    packages: { "": { name: "fixture", workspaces: ["packages/*"] }, ...packages },
  };
  writeFileSync(path.join(root, "package-lock.json"), JSON.stringify(lock, null, 2));
  for (const [location, manifest] of Object.entries(manifests)) {
    mkdirSync(path.join(root, location), { recursive: true });
    writeFileSync(path.join(root, location, "package.json"), JSON.stringify(manifest));
  }
  mkdirSync(path.join(root, "docs"));
  return root;
}

const ACCEPTED = {
  "node_modules/plain": { version: "1.0.0", license: "MIT" },
  // Either licence may be chosen: MIT suffices.
  "node_modules/dual": { version: "2.0.0", license: "MIT OR GPL-3.0-only" },
  "node_modules/both": { version: "1.2.0", license: "(MIT AND BSD-3-Clause)" },
  // Optional (a platform binary) ships too, and is judged like the rest.
  "node_modules/binary-linux": { version: "3.0.0", license: "MPL-2.0", optional: true },
  "node_modules/plain/node_modules/nested": { version: "0.1.0", license: "ISC" },
  // Development-only packages and our own workspaces are not third-party production code.
  "node_modules/test-tool": { version: "9.0.0", license: "GPL-3.0", dev: true },
  "node_modules/@errand/cli": { link: true, resolved: "packages/cli" },
  "packages/cli": { version: "0.1.0", license: "Apache-2.0" },
};

describe("the licence check of production dependencies", () => {
  it("fails naming a GPL-3.0 package and one with no licence, and nothing else", () => {
    const root = checkout(
      { ...ACCEPTED, "node_modules/copyleft": { version: "4.1.0", license: "GPL-3.0" }, "node_modules/mystery": { version: "0.0.1" } },
      { "node_modules/mystery": { name: "mystery", version: "0.0.1" } },
    );
    const result = checkLicences(root);
    expect(result.ok).toBe(false);
    expect(result.lines.slice(1)).toEqual([
      "  copyleft@4.1.0: GPL-3.0 is not compatible with Apache-2.0",
      "  mystery@0.0.1: unknown licence (none declared)",
    ]);
  });

  it("fails from the command line with exit 1 and the packages named, as the step in npm test does", async () => {
    const root = checkout({
      ...ACCEPTED,
      "node_modules/agpl": { version: "1.0.0", license: "AGPL-3.0-or-later" },
      "node_modules/terms": { version: "2.0.0", license: "SEE LICENSE IN LICENSE" },
    });
    const failure = (await run(process.execPath, [CLI, "--root", root]).catch((error: unknown) => error)) as {
      code: number;
      stderr: string;
    };
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("agpl@1.0.0: AGPL-3.0-or-later is not compatible with Apache-2.0");
    expect(failure.stderr).toContain('terms@2.0.0: unknown licence ("SEE LICENSE IN LICENSE" is not an SPDX expression)');
  });

  it("passes MIT, MIT OR GPL and MIT AND BSD, reads an old manifest's licenses field, and lists them all in the generated file", () => {
    const root = checkout(
      { ...ACCEPTED, "node_modules/old-style": { version: "0.3.1" } },
      { "node_modules/old-style": { name: "old-style", version: "0.3.1", licenses: [{ type: "MIT", url: "http://example.com/LICENSE" }] } },
    );
    expect(checkLicences(root).lines).toEqual([
      "docs/third-party-licences.md is out of date with package-lock.json: run `npm run licences` and commit it.",
    ]);
    expect(checkLicences(root, { write: true })).toEqual({
      ok: true,
      lines: ["6 production dependencies, every licence accepted; wrote docs/third-party-licences.md"],
    });
    expect(checkLicences(root).ok).toBe(true);

    const doc = readFileSync(path.join(root, "docs/third-party-licences.md"), "utf8");
    for (const row of [
      "| plain | 1.0.0 |",
      "| dual | 2.0.0 |",
      "| both | 1.2.0 |",
      "| binary-linux | 3.0.0 |",
      "| nested | 0.1.0 |",
      "| old-style | 0.3.1 |",
    ])
      expect(doc).toContain(row);
    expect(doc).toContain("### MIT OR GPL-3.0-only (1)");
    expect(doc).not.toContain("test-tool");
    expect(doc).not.toContain("| @errand/cli");
  });

  it("fails when the lock changed after the file was generated", () => {
    const root = checkout(ACCEPTED);
    checkLicences(root, { write: true });
    const lockFile = path.join(root, "package-lock.json");
    const lock = JSON.parse(readFileSync(lockFile, "utf8"));
    lock.packages["node_modules/plain"].version = "1.0.1";
    writeFileSync(lockFile, JSON.stringify(lock));
    expect(checkLicences(root)).toEqual({
      ok: false,
      lines: ["docs/third-party-licences.md is out of date with package-lock.json: run `npm run licences` and commit it."],
    });
  });

  it("lets an exception through only while the package declares the licence that was reviewed", () => {
    const exceptions = { "no-field": { declared: null, reason: "MIT, as its README says" } };
    const judged = judgeLicences(
      [
        { name: "no-field", version: "1.0.0", licence: null },
        { name: "no-field", version: "2.0.0", licence: "GPL-2.0" },
      ],
      { exceptions },
    );
    expect(judged.map((pkg) => pkg.verdict)).toEqual(["exception", "incompatible"]);
  });
});

describe("SPDX expressions", () => {
  it("reads operators, parentheses, exceptions and the old + suffix; a sentence is not one", () => {
    expect(parseExpression("(MIT or Apache-2.0)")).toEqual({ or: [{ id: "MIT" }, { id: "Apache-2.0" }] });
    expect(parseExpression("MIT AND (BSD-2-Clause OR ISC)")).toEqual({
      and: [{ id: "MIT" }, { or: [{ id: "BSD-2-Clause" }, { id: "ISC" }] }],
    });
    expect(parseExpression("GPL-2.0+ WITH Classpath-exception-2.0")).toEqual({ id: "GPL-2.0", exception: "Classpath-exception-2.0" });
    expect(parseExpression("SEE LICENSE IN LICENSE")).toBeUndefined();
    expect(parseExpression("(MIT")).toBeUndefined();
  });
});
