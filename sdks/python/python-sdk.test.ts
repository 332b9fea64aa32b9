import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "@errand/services/webhooks";
import {
  doneTurn,
  newsInSteps,
  readRequest,
  type ChatRequest,
  type ErrandTestServer,
  type FakeResponder,
  type FakeTurn,
} from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { afterAll, describe, expect, vi } from "vitest";

// The Python SDK (sdks/python) against the real server, worker, Chromium and fake model, started
// once: one pytest process for its behaviour, then the wheel as pip installs it, then mypy --strict
// (docs/adr/0046-python-sdk.md). Debian's python3 packages are what npm test installs.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });
// Two runs at once (the batch runs its rows side by side); pytest polls faster than a person would.
const it = serverTest
  .extend("serverOptions", { workerConcurrency: 2, env: { API_RATE_LIMIT: "100000" } })
  .extend("scenario", { scope: "file" }, () => pythonResponder);
const execute = promisify(execFile);
// The interpreter npm test made sure of (scripts/lib/ensure-python.mjs).
const PYTHON = process.env.PYTHON || "/usr/bin/python3";
const sdkDir = import.meta.dirname;

/** The product the JSON scenario reports. */
const LAPTOP = { name: "Aurora Laptop 14", price: 1299 };

/**
 * The fake model in these tests, by a marker in the prompt: "[py:steps]" opens the news fixture and
 * scrolls twice (slowly enough that steps arrive live), "the laptop's name and price" answers LAPTOP as data,
 * "[py:fail]" gives up, "[py:slow]" waits a second per step, "[py:message]" waits until a person's
 * message reaches it and answers with what it said; anything else answers "Done.".
 */
function pythonResponder(sitesUrl: string): FakeResponder {
  return (req: ChatRequest): FakeTurn => {
    const { all, turns } = readRequest(req);
    if (all.includes("[py:steps]")) return newsInSteps(sitesUrl, turns, { text: "The news page was read.", stepMs: 400, scrollMs: 600 });
    if (all.includes("the laptop's name and price")) return doneTurn({ success: true, data: LAPTOP });
    if (all.includes("[py:fail]")) return doneTurn({ success: false, text: "There is no such page." });
    if (all.includes("[py:message]")) {
      const said = /Message from the person who gave you this task \(follow it as part of the task\): ([^\n"]*)/.exec(all)?.[1];
      if (said) return doneTurn({ success: true, text: `As asked: ${said}` });
      return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 200 };
    }
    if (all.includes("[py:slow]")) return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 300 };
    return doneTurn({ success: true, text: "Done." });
  };
}

interface Outcome {
  code: number;
  output: string;
}

/** Runs a command to its end; a non-zero exit is an outcome to assert on, not a thrown error. */
async function outcome(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Outcome> {
  try {
    const { stdout, stderr } = await execute(command, args, { ...options, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, output: `${failed.stdout ?? ""}${failed.stderr ?? failed.message}` };
  }
}

const scratch = await mkdtemp(path.join(os.tmpdir(), "errand-python-sdk-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Started once the server is up (starting it is what takes the CPU), awaited by their tests. */
let mypyOutcome: Promise<Outcome>;
let installed: Promise<Installed>;

/**
 * Kept between runs in the checkout's .cache (git ignores it): mypy rechecks only what changed,
 * by each file's hash, and a cold check costs ~14 CPU-seconds of the typeshed and httpx.
 */
const MYPY_CACHE = path.resolve(sdkDir, "../../.cache/mypy-python-sdk");

function startMypy(): Promise<Outcome> {
  return outcome(
    PYTHON,
    [
      // pyproject.toml's [tool.mypy], which mypy looks for only in the folder it starts in.
      ...["-m", "mypy", "--config-file", "../pyproject.toml", "--cache-dir", MYPY_CACHE],
      // The oldest Python the package supports: what typing it may use (typing_extensions before 3.11).
      ...["--strict", "--python-version", "3.10", "errand", "../tests", "../examples"],
    ],
    { cwd: path.join(sdkDir, "src") },
  );
}

interface Installed {
  build: Outcome;
  files: string[];
  /** The venv's creation and the wheel's installation into it (the first that failed, else the last). */
  install: Outcome;
}

const WHEEL = "errand_sdk-0.1.0-py3-none-any.whl";
const venv = path.join(scratch, "venv");

/**
 * Builds the wheel and sdist in a copy (setuptools writes build/ and *.egg-info beside the
 * sources) and installs the wheel in a fresh venv.
 */
async function buildAndInstall(): Promise<Installed> {
  const copy = path.join(scratch, "sdk");
  await cp(sdkDir, copy, {
    recursive: true,
    filter: (source) => !/[\\/](__pycache__|\.mypy_cache|\.pytest_cache|build|dist)$/.test(source),
  });
  const dist = path.join(scratch, "dist");
  const build = await outcome(PYTHON, ["-m", "build", "--no-isolation", "--outdir", dist, copy], { cwd: copy });
  const files = build.code === 0 ? await readdir(dist) : [];
  if (!files.includes(WHEEL)) return { build, files, install: { code: 1, output: `no ${WHEEL}` } };
  // --system-site-packages: the venv finds httpx where Debian installed it, and pip too, so the
  // venv needs no copy of pip of its own (ensurepip's copy cost ~5 CPU-seconds); pip installs
  // into the venv it runs in and fetches nothing.
  const made = await outcome(PYTHON, ["-m", "venv", "--system-site-packages", "--without-pip", venv], { cwd: scratch });
  if (made.code !== 0) return { build, files, install: made };
  const pip = ["-m", "pip", "install", "-q", "--no-deps", "--no-index", path.join(dist, WHEEL)];
  return { build, files, install: await outcome(path.join(venv, "bin/python"), pip, { cwd: scratch }) };
}

let server: ErrandTestServer;
let apiKey: string;
/** A second account's key, for the test that deletes its account. */
let throwawayKey: string;
it.beforeAll(async ({ server: fileServer, account }) => {
  [server, apiKey] = [fileServer, account.apiKey];
  throwawayKey = (await server.signUp()).apiKey;
  // The sync client is generated, never committed (docs/adr/0046-python-sdk.md): pytest and mypy read it.
  const generated = await outcome(PYTHON, ["scripts/unasync.py"], { cwd: sdkDir });
  if (generated.code !== 0) throw new Error(`scripts/unasync.py failed: ${generated.output}`);
  // mypy and the build need no server: they go on while pytest waits on runs.
  mypyOutcome = startMypy();
  installed = buildAndInstall();
  installed.catch(() => undefined); // awaited by its test; kept from counting as unhandled before
});

describe("the Python SDK", () => {
  it("passes its pytest suite against the server, with a delivery signed by the real webhook signer", async () => {
    const secret = "whsec_python_sdk_test";
    const body = JSON.stringify({ event: "run.finished", delivery_id: "d-1", run: { id: "r-1", status: "success" } });
    const delivery = path.join(scratch, "signed-delivery.json");
    await writeFile(delivery, JSON.stringify({ secret, body, header: signWebhook(secret, body), header_name: WEBHOOK_SIGNATURE_HEADER }));
    const env = {
      ...process.env,
      ERRAND_URL: server.baseUrl,
      ERRAND_API_KEY: apiKey,
      ERRAND_TEST_THROWAWAY_KEY: throwawayKey,
      ERRAND_TEST_SIGNED_DELIVERY: delivery,
      ERRAND_TEST_SITES_URL: server.sites.url,
      PYTHONPATH: path.join(sdkDir, "src"),
      PYTHONDONTWRITEBYTECODE: "1",
    };
    const pytest = await outcome(PYTHON, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], { cwd: sdkDir, env });
    expect(pytest.code, pytest.output).toBe(0);
    // All of them ran: none skipped (pydantic is installed), none lost to a collection error.
    expect(Number(/(\d+) passed/.exec(pytest.output)?.[1]), pytest.output).toBeGreaterThanOrEqual(48);
    expect(pytest.output).not.toMatch(/\d+ (skipped|errors?|failed)\b/);
  });

  it("builds a wheel and an sdist that install into a fresh virtual environment, where example.py completes a run", async () => {
    const { build, files, install } = await installed;
    expect(build.code, build.output).toBe(0);
    expect(files).toContain(WHEEL);
    // setuptools before 69 names the sdist errand-sdk-…, later ones errand_sdk-….
    expect(files.some((f) => /^errand[-_]sdk-0\.1\.0\.tar\.gz$/.test(f))).toBe(true);
    expect(install.code, install.output).toBe(0);

    const env = { PATH: process.env.PATH, ERRAND_URL: server.baseUrl, ERRAND_API_KEY: apiKey, PYTHONDONTWRITEBYTECODE: "1" };
    const example = await outcome(path.join(venv, "bin/python"), [path.join(sdkDir, "examples/example.py")], { cwd: scratch, env });
    expect(example.code, example.output).toBe(0);
    expect(example.output).toContain("success Done.");
    // The errand it imported is the installed wheel's, not the checkout's sources.
    const where = await outcome(path.join(venv, "bin/python"), ["-c", "import errand; print(errand.__file__)"], { cwd: scratch, env });
    expect(where.output.trim()).toMatch(new RegExp(`^${venv}/lib/python3\\.\\d+/site-packages/errand/__init__\\.py$`));
  });

  it("passes mypy --strict on the package, its tests and examples, and reports each deliberate mistake of a consumer", async () => {
    const mypy = await mypyOutcome;
    const lines = mypy.output.split("\n").filter((line) => line.includes(": error:"));
    expect(
      lines.filter((line) => !line.includes("consumer_mistakes.py")),
      mypy.output,
    ).toEqual([]);
    const reported = lines.map((line) => Number(line.split(":")[1]));
    // consumer_mistakes.py marks each line mypy must refuse with "# mistake".
    expect(reported, mypy.output).toEqual(MISTAKE_LINES);
  });
});

const MISTAKE_LINES = (await readFile(path.join(sdkDir, "tests/typing/consumer_mistakes.py"), "utf8"))
  .split("\n")
  .flatMap((line, index) => (line.includes("# mistake") ? [index + 1] : []));
