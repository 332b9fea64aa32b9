// n8n's own checks on the package, as n8n runs them before it verifies a community node:
// - `n8n-node lint` (@n8n/node-cli): ESLint 9 with the CLI's strict configuration, over what the
//   package is built from. The CLI itself lints its whole folder with an eslint.config.mjs; this
//   folder also holds these tests (vitest, node:fs...), which are not in the package, and an
//   eslint.config.mjs here would be picked up by the repository's ESLint 10, which cannot load
//   n8n's plugins. So the same configuration runs through ESLint's API on the package's sources.
// - @n8n/scan-community-package: its two scans, the sources and the packed tarball. Its command
//   line first fetches the published version's provenance and source from the registry and
//   GitHub, which an unpublished package does not have; the scans themselves run here offline.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_DIR, withBuiltPackage } from "./n8n-harness.ts";

/** What the package is built from (the CLI's `eslint .` minus this test folder, dist and templates). */
const PACKAGE_SOURCES = ["package.json", "credentials", "nodes", "shared"];

const scratch = mkdtempSync(path.join(tmpdir(), "errand-n8n-checks-"));

interface LintOutcome {
  errors: number;
  warnings: number;
  rules: string[];
  report: string;
}
interface ScanOutcome {
  passed: boolean;
  message?: string;
  details?: string;
}
type Check = { mode: "lint"; dir: string; files: string[] } | { mode: "scan-source" | "scan-tarball"; dir: string };

/** n8n-checks.mjs in its own process (see there why), all the checks in one run. */
async function runChecks(checks: Check[]): Promise<unknown[]> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(import.meta.dirname, "n8n-checks.mjs"), JSON.stringify(checks)],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split("\n").pop()!) as unknown[];
}

let outcomes: {
  sourcesLint: LintOutcome;
  faultyLint: LintOutcome;
  sourcesScan: ScanOutcome;
  tarballScan: ScanOutcome;
  faultyScan: ScanOutcome;
};

// ESLint with n8n's plugins and a TypeScript parser, and the scanner: tens of seconds on a busy machine.
beforeAll(async () => {
  // The tarball npm would publish, unpacked as the scanner unpacks it.
  const tarballDir = path.join(scratch, "package");
  mkdirSync(tarballDir);
  await withBuiltPackage(async () => {
    execFileSync("npm", ["pack", "--silent", "--pack-destination", scratch], { cwd: PACKAGE_DIR, stdio: "pipe" });
  });
  const tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"))!;
  execFileSync("tar", ["-xzf", path.join(scratch, tarball), "-C", tarballDir, "--strip-components=1"]);
  const faulty = path.join(scratch, "faulty");
  writeFaultyPackage(faulty);
  const [sourcesLint, faultyLint, sourcesScan, tarballScan, faultyScan] = await runChecks([
    { mode: "lint", dir: PACKAGE_DIR, files: PACKAGE_SOURCES },
    { mode: "lint", dir: faulty, files: ["package.json", "nodes"] },
    { mode: "scan-source", dir: PACKAGE_DIR },
    { mode: "scan-tarball", dir: tarballDir },
    { mode: "scan-source", dir: faulty },
  ]);
  outcomes = {
    sourcesLint: sourcesLint as LintOutcome,
    faultyLint: faultyLint as LintOutcome,
    sourcesScan: sourcesScan as ScanOutcome,
    tarballScan: tarballScan as ScanOutcome,
    faultyScan: faultyScan as ScanOutcome,
  };
}, 240_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A node that re-throws a raw error and a package.json without an author: both rules n8n enforces. */
function writeFaultyPackage(dir: string) {
  mkdirSync(path.join(dir, "nodes/Faulty"), { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "n8n-nodes-faulty",
      version: "0.1.0",
      license: "MIT",
      keywords: ["n8n-community-node-package"],
      n8n: { n8nNodesApiVersion: 1, nodes: [] },
    }),
  );
  writeFileSync(
    path.join(dir, "nodes/Faulty/Faulty.node.ts"),
    "export async function run(call: () => Promise<void>) {\n  try {\n    await call();\n  } catch (error) {\n    throw error;\n  }\n}\n",
  );
}

describe("n8n-node lint (strict, n8n Cloud rules)", () => {
  it("finds no error in the package's sources", () => {
    expect(outcomes.sourcesLint.errors, outcomes.sourcesLint.report).toBe(0);
  });

  it("fails a node that re-throws a raw error and a package without an author", () => {
    expect(outcomes.faultyLint.rules).toContain("@n8n/community-nodes/require-node-api-error");
    expect(outcomes.faultyLint.rules).toContain("@n8n/community-nodes/valid-author");
  });
});

describe("@n8n/scan-community-package", () => {
  const explain = (result: ScanOutcome) => `${result.message ?? ""}\n${result.details ?? ""}`;

  it("passes the package's sources", () => {
    expect(outcomes.sourcesScan.passed, explain(outcomes.sourcesScan)).toBe(true);
  });

  it("passes the packed tarball (compiled nodes and the published package.json)", () => {
    expect(outcomes.tarballScan.passed, explain(outcomes.tarballScan)).toBe(true);
  });

  it("fails a package that breaks n8n's rules", () => {
    expect(outcomes.faultyScan.passed).toBe(false);
    expect(outcomes.faultyScan.details).toMatch(/require-node-api-error/);
  });
});
