import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createIsolatedTestDb } from "@errand/db/testing";
import { LOG_LIMITS } from "@errand/services/logging";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnCli, type CliProcess } from "../testing/spawn-cli.ts";

// A real `errand serve` process: its start-up takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
const database = await createIsolatedTestDb();
const FORGED_ENTRY = "2026-01-01T00:00:00.000Z INFO  forged";
/** What can end a line or fake one, as a terminal or a log viewer shows it (LF ends each line). */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

let serve: CliProcess;
let baseUrl: string;
const written = { stdout: "", stderr: "" };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  serve = spawnCli(["serve", "--role", "api"], {
    // Production: better-auth checks origins and redirect URLs (and logs what it refuses) only there.
    NODE_ENV: "production",
    PORT: String(port),
    BASE_URL: baseUrl,
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "errand-serve-logs-")),
    LOG_LEVEL: "debug",
    WORKER_CONCURRENCY: "0",
  });
  // Each stream on its own: interleaved chunks of two pipes could cut a line in two.
  serve.child.stdout!.on("data", (chunk: Buffer) => (written.stdout += chunk.toString()));
  serve.child.stderr!.on("data", (chunk: Buffer) => (written.stderr += chunk.toString()));
  await serve.waitForOutput(/Errand is running at/, 60_000);
});

afterAll(async () => {
  if (serve.child.exitCode === null) serve.child.kill("SIGKILL");
  await serve.exited;
  await database.close();
});

const post = (pathname: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 60_000) =>
  fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    signal: AbortSignal.timeout(timeoutMs),
    headers: { "content-type": "application/json", origin: baseUrl, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("the serve process's log", () => {
  it("has one real entry per line whatever sign-in and reset fields hold: no forged entry, no raw control character, no line over the bound", async () => {
    // The sign-in attempts: a CR LF that starts a fake entry, and a 1 MB field.
    await post("/api/auth/sign-in/email", { email: `a@b.c\r\n${FORGED_ENTRY}`, password: "secret1" });
    await post("/api/auth/sign-in/email", { email: "ada@example.com", password: "x".repeat(1_000_000) });
    // Fields better-auth quotes in its own log lines when it refuses them.
    await post("/api/auth/request-password-reset", {
      email: "ada@example.com",
      redirectTo: `http://evil.example/\r\n${FORGED_ENTRY}\u2028\u0085`,
    });
    await post("/api/auth/request-password-reset", { email: "ada@example.com", redirectTo: `http://evil.example/${"y".repeat(12_000)}` });
    // A header (Node lets C1 bytes through): "Invalid origin: <the header>".
    await post(
      "/api/auth/sign-in/email",
      { email: "ada@example.com", password: "secret1" },
      { cookie: "a=b", origin: `http://evil.example\u0085${FORGED_ENTRY}` },
    );

    // They did reach the log (so this test can see a forged line if escaping breaks).
    await serve.waitForOutput(/Invalid redirectURL: http:\/\/evil\.example\/y{100}/);
    await serve.waitForOutput(/Invalid origin: http:\/\/evil\.example/);
    for (const stream of [written.stdout, written.stderr]) {
      for (const line of stream.split("\n")) {
        expect(line).not.toMatch(/^2026-01-01T00:00:00\.000Z/);
        expect(line).not.toMatch(UNSAFE);
        expect(line.length).toBeLessThanOrEqual(LOG_LIMITS.line);
      }
    }
    // The forged entry is there, escaped, inside the real one; the long value is cut.
    const all = `${written.stdout}${written.stderr}`;
    expect(all).toContain(`Invalid redirectURL: http://evil.example/\\r\\n${FORGED_ENTRY}\\u2028\\u0085`);
    expect(all).toMatch(/…\[truncated \d+ chars\]/);
  });
});

// Last in this file: it takes the output's reader away.
describe("a serve process whose output has no reader any more", () => {
  it("keeps serving and stays quiet (a closed terminal or a log collector that went away)", async () => {
    serve.child.stdout!.destroy();
    serve.child.stderr!.destroy();
    // Each of these writes warnings to the closed pipes.
    for (let i = 0; i < 3; i++) await post("/api/auth/sign-in/email", { email: "ada@example.com", password: "wrong-password" }, {}, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(serve.child.exitCode).toBeNull();
    expect((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    // Idle again: a write that failed must not make another (each failure was logged, and failed).
    const cpu = () => Number(readFileSync(`/proc/${serve.child.pid}/stat`, "utf8").split(") ")[1]!.split(" ")[11]);
    const before = cpu();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(cpu() - before).toBeLessThan(50);
  });
});
