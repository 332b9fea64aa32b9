import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createIsolatedTestDb } from "@errand/db/testing";
import { startErrandServer, type ErrandTestServer } from "@errand/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sdkResponder } from "./testing/sdk-scenarios.ts";

// The package as npm publishes it: built and packed by npm's own lifecycle (prepack builds), then
// installed where nothing else is (no workspace, no @errand/contract, no zod) and used from there.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });
const run = promisify(execFile);
const sdkDir = path.resolve(import.meta.dirname, "..");
const repoRoot = path.resolve(sdkDir, "../..");
const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");

interface PackResult {
  filename: string;
  files: { path: string }[];
}

const database = await createIsolatedTestDb();
let server: ErrandTestServer;
let apiKey: string;
let staging: string;
let consumer: string;
let packed: PackResult;

beforeAll(async () => {
  // npm pack rewrites package.json while it packs (scripts/publish-manifest.mjs): it does so in a
  // copy, so that the tests running alongside keep resolving @errand/sdk to its sources. The copy
  // is inside the checkout (.tmp/ is ignored) so its build finds TypeScript, esbuild and the contract.
  await mkdir(path.join(repoRoot, ".tmp"), { recursive: true });
  staging = await mkdtemp(path.join(repoRoot, ".tmp", "sdk-publish-"));
  consumer = await mkdtemp(path.join(os.tmpdir(), "errand-sdk-consumer-"));
  const packAndInstall = async () => {
    const copy = path.join(staging, "sdk");
    await cp(sdkDir, copy, { recursive: true, filter: (source) => !/[\\/](dist|node_modules|\.scratch|\.declarations)$/.test(source) });
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", staging], { cwd: copy, maxBuffer: 16 * 1024 * 1024 });
    // The prepack build's own output comes first on stdout.
    packed = (JSON.parse(stdout.slice(stdout.indexOf("[\n"))) as PackResult[])[0]!;
    const installed = path.join(consumer, "node_modules/@errand/sdk");
    await mkdir(installed, { recursive: true });
    await run("tar", ["-xzf", path.join(staging, packed.filename), "-C", installed, "--strip-components=1"]);
  };
  const startServer = async () => {
    server = await startErrandServer({ databaseUrl: database.url });
    server.model.setResponder(sdkResponder(server.sites.url));
    apiKey = (await server.signUp()).apiKey;
  };
  await Promise.all([packAndInstall(), startServer()]);
  await writeFile(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
});
afterAll(async () => {
  await server?.close();
  await database.close();
  if (staging) await rm(staging, { recursive: true, force: true });
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

describe("the published package", () => {
  it("holds the bundle, its source map, self-contained declarations, the README, the licence and the publish manifest", async () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "package.json",
        "dist/index.js",
        "dist/index.js.map",
        "dist/index.d.ts",
        "dist/api-types.d.ts",
      ]),
    );
    expect(files.filter((f) => !/^(LICENSE|README\.md|package\.json|dist\/.+\.(js|js\.map|d\.ts))$/.test(f))).toEqual([]);

    const manifest = JSON.parse(await readFile(path.join(consumer, "node_modules/@errand/sdk/package.json"), "utf8"));
    expect(manifest.exports).toEqual({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } });
    expect(manifest.types).toBe("./dist/index.d.ts");
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toBeUndefined();
    expect(manifest.license).toBe("Apache-2.0");
    expect(await readFile(path.join(consumer, "node_modules/@errand/sdk/LICENSE"), "utf8")).toBe(
      await readFile(path.join(repoRoot, "LICENSE"), "utf8"),
    );
    // After packing, the copy's package.json is the workspace's again.
    expect(await readFile(path.join(staging, "sdk/package.json"), "utf8")).toBe(await readFile(path.join(sdkDir, "package.json"), "utf8"));

    for (const file of files.filter((f) => f.endsWith(".d.ts"))) {
      const text = await readFile(path.join(consumer, "node_modules/@errand/sdk", file), "utf8");
      expect(text, file).not.toMatch(/@errand\/contract|["']zod["']|\.ts["']/);
    }
  });

  it("runs in plain Node from node_modules: reads the account and a run that succeeds", async () => {
    await writeFile(
      path.join(consumer, "use-sdk.mjs"),
      [
        'import { Errand, ErrandError } from "@errand/sdk";',
        "const errand = new Errand();",
        "const account = await errand.account.get();",
        'const run = await errand.run("Say you are done");',
        'const missing = await errand.runs.get("00000000-0000-4000-8000-000000000000").catch((error) => error);',
        "console.log(JSON.stringify({ email: account.email, status: run.status, data: run.data, notFound: missing instanceof ErrandError && missing.status }));",
      ].join("\n"),
    );
    const env = { PATH: process.env.PATH, ERRAND_API_KEY: apiKey, ERRAND_URL: server.baseUrl };
    const { stdout } = await run(process.execPath, ["use-sdk.mjs"], { cwd: consumer, env });
    expect(JSON.parse(stdout)).toEqual({ email: expect.stringContaining("@"), status: "success", data: "Done.", notFound: 404 });
  });

  it("type-checks a consumer's TypeScript against the declarations alone, and reports a type mistake", async () => {
    const compilerOptions = {
      strict: true,
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      lib: ["es2022", "dom"],
      types: [],
      noEmit: true,
    };
    await writeFile(path.join(consumer, "good.ts"), CONSUMER_CODE);
    await writeFile(path.join(consumer, "mistake.ts"), MISTAKE_CODE);
    // One compiler for both files (each start reads lib.dom and the declarations again): tsc
    // reports every file's errors, so good.ts having none is the lines that name it.
    await writeFile(path.join(consumer, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["good.ts", "mistake.ts"] }));

    const failure = (await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: consumer }).catch((e: unknown) => e)) as {
      code?: number;
      stdout?: string;
    };
    expect(failure.code, failure.stdout).toBe(2);
    const errors = (failure.stdout ?? "").split("\n").filter((line) => line.includes("error TS"));
    expect(
      errors.filter((line) => !line.startsWith("mistake.ts")),
      failure.stdout,
    ).toEqual([]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^mistake\.ts\(5,\d+\): error TS2322/);
    expect(errors[1]).toMatch(/^mistake\.ts\(6,\d+\): error TS2322/);
  });
});

/** Uses the SDK the way the README shows; every annotation must hold. */
const CONSUMER_CODE = `
import { Errand, ErrandError, RateLimitError, isFinalStatus, runUrl, type ErrandFile, type FinishedRun, type Run, type RunStatus, type Screenshot, type Step } from "@errand/sdk";

const errand = new Errand({ apiKey: "key", baseUrl: "http://127.0.0.1:3000" });
const Product = {
  safeParse: (value: unknown) => ({ success: true as const, data: value as { name: string; price: number } }),
};

export async function useEverything(): Promise<string> {
  const run: Run = await errand.runs.create({ prompt: "Read the price", initial_url: "https://shop.example.com", response_format: "json" });
  const status: RunStatus = run.status;
  const ended: boolean = isFinalStatus(status);
  const steps: Step[] = await errand.runs.steps(run.id);
  const actions: string[] = (steps[0]?.action ?? []).map((action) => action.name);
  const finished: FinishedRun<{ name: string; price: number }> = await errand.run("Read the price", { schema: Product, timeoutMs: 60_000 });
  const price: number | null = finished.status === "success" ? finished.data.price : null;
  for await (const event of errand.runs.stream(run.id)) {
    if (event.type === "step") console.log(event.step.number, event.step.url);
    else console.log(event.run.status_reason);
  }
  const shot: Screenshot = await errand.runs.screenshot(steps[0]!.id, { type: "steps" });
  const bytes: Uint8Array = shot.data;
  const { signed_url }: { signed_url: string } = await errand.runs.screenshotUrl(run.id);
  const credits: number = (await errand.account.get()).balance.credits;
  const upload: ErrandFile = await errand.files.upload({ name: "invoice.pdf", data: new Uint8Array([37, 80]) });
  await errand.runs.create({ prompt: "Upload the invoice", files: [upload.id] });
  const downloads: (number | null)[] = (await errand.runs.files(run.id)).map((file) => file.step_number);
  const content: ArrayBuffer = await errand.files.content(upload.id);
  try {
    await errand.tasks.delete(run.task_id);
  } catch (error) {
    if (error instanceof RateLimitError) console.log(error.retryAfterSeconds);
    else if (error instanceof ErrandError) console.log(error.status, error.code, error.fields?.[0]?.path);
  }
  return [runUrl(errand.baseUrl, run), ended, actions, price, bytes.length, signed_url, credits, downloads, content.byteLength].join();
}
`;

/** Two mistakes on lines 5 and 6: they are only caught if the declarations carry real types. */
const MISTAKE_CODE = `
import { Errand } from "@errand/sdk";
const errand = new Errand();
const run = await errand.runs.get("id");
export const wrong: number = run.status;
export const alsoWrong: string = (await errand.runs.steps(run.id))[0]!.has_screenshot;
`;
