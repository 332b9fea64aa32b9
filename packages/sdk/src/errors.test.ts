import type { ErrandTestServer } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { describe, expect, vi } from "vitest";
import { Errand, ErrandConnectionError, ErrandError, ErrandTimeoutError, InsufficientCreditsError, RateLimitError } from "./index.ts";

// An API-only server (no worker: runs stay pending) with billing on and a low per-key rate limit.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const RATE_LIMIT = 20;
const it = serverTest.extend("serverOptions", { billing: "on", workerConcurrency: 0, env: { API_RATE_LIMIT: String(RATE_LIMIT) } });
let server: ErrandTestServer;
it.beforeAll(({ server: fileServer }) => {
  server = fileServer;
});

/** A client for a fresh account (its own rate limit and free prompts). */
async function client(options: ConstructorParameters<typeof Errand>[0] = {}) {
  return new Errand({ apiKey: (await server.signUp()).apiKey, baseUrl: server.baseUrl, ...options });
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** A fetch that answers the first `times` calls matching `match` itself, and passes the rest to the server. */
function failing(match: (url: string, method: string) => boolean, times: number, answer: () => Promise<Response>) {
  const calls: { url: string; method: string; headers: Headers }[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const method = init?.method ?? "GET";
    if (!match(String(input), method)) return fetch(input, init);
    calls.push({ url: String(input), method, headers: new Headers(init?.headers) });
    return calls.length <= times ? answer() : fetch(input, init);
  };
  return { fetch: wrapped, calls };
}
const unavailable = async () =>
  new Response(JSON.stringify({ error: { code: "unavailable", message: "Restarting" } }), { status: 503, headers: { "retry-after": "0" } });

describe("typed errors", () => {
  it("a wrong API key is a 401 ErrandError that does not repeat the key", async () => {
    const errand = new Errand({ apiKey: "wrong-key-1234567890", baseUrl: server.baseUrl });
    const error = (await failure(errand.account.get())) as ErrandError;
    expect(error).toBeInstanceOf(ErrandError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized" });
    expect(error.message).not.toContain("wrong-key-1234567890");
  });

  it("a key without the run scope creating a run is a 403 whose message names the scope", async () => {
    const { apiKey } = await server.signUp();
    const made = await fetch(`${server.baseUrl}/api/v1/api-keys`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "reader", scopes: ["read"] }),
    });
    const { secret } = (await made.json()) as { secret: string };
    const reader = new Errand({ apiKey: secret, baseUrl: server.baseUrl });
    expect(await reader.runs.list()).toBeDefined();
    const error = (await failure(reader.runs.create({ prompt: "Not allowed" }))) as ErrandError;
    expect(error).toBeInstanceOf(ErrandError);
    expect(error).toMatchObject({ status: 403, code: "forbidden", message: "This API key lacks the run scope" });
  });

  it("another account's run is a 404 not_found", async () => {
    const owner = await client();
    const run = await owner.runs.create({ prompt: "Mine alone" });
    const stranger = await client();
    expect(await failure(stranger.runs.get(run.id))).toMatchObject({ status: 404, code: "not_found" });
    expect(await failure(stranger.runs.wait(run.id))).toMatchObject({ status: 404, code: "not_found" });
  });

  it("a refused field is a validation_error naming the field", async () => {
    const errand = await client();
    const error = (await failure(errand.runs.create({ prompt: "   " }))) as ErrandError;
    expect(error).toMatchObject({ status: 400, code: "validation_error" });
    expect(error.fields?.map((f) => f.path)).toContain("prompt");
  });

  it("past the per-key rate limit: RateLimitError with the seconds to wait", async () => {
    // No retries: near the end of the limiter's minute, Retry-After is short enough to retry.
    const errand = await client({ maxRetries: 0 });
    // The limit counts per calendar minute: 2 x limit + 1 calls meet it even across a minute's end.
    let error: unknown;
    for (let i = 0; i < 2 * RATE_LIMIT + 1 && error === undefined; i++) error = await failure(errand.account.get());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("with no free prompt or credit left: InsufficientCreditsError (402)", async () => {
    const errand = await client();
    const { balance } = await errand.account.get();
    for (let i = 0; i < balance.freePrompts; i++) await errand.runs.create({ prompt: `Run ${i}` });
    const error = await failure(errand.runs.create({ prompt: "One too many" }));
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, code: "insufficient_credits" });
  });

  it("an unreachable server is an ErrandConnectionError", async () => {
    const errand = new Errand({ apiKey: "k", baseUrl: "http://127.0.0.1:1", maxRetries: 0 });
    expect(await failure(errand.account.get())).toBeInstanceOf(ErrandConnectionError);
  });

  it("errand.account.delete() deletes the account; the last owner of a team workspace gets a 409 naming it", async () => {
    const { apiKey } = await server.signUp();
    const errand = new Errand({ apiKey, baseUrl: server.baseUrl });
    const made = await fetch(`${server.baseUrl}/api/v1/workspaces`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "Growth" }),
    });
    expect(made.status).toBe(201);
    const refused = (await failure(errand.account.delete())) as ErrandError;
    expect(refused).toBeInstanceOf(ErrandError);
    expect(refused).toMatchObject({
      status: 409,
      message:
        'You are the last owner of the workspace "Growth": make another member an owner or delete the workspace, then delete your account',
    });
    // Still there: the refusal changed nothing.
    expect((await errand.account.get()).email).toBeTruthy();
    const leaving = await client();
    await expect(leaving.account.delete()).resolves.toBeUndefined();
    expect(await failure(leaving.account.get())).toMatchObject({ status: 401, code: "unauthorized" });
  });
});

describe("retries", () => {
  it("retries a read answered 503, and gives up after maxRetries", async () => {
    const flaky = failing((url) => url.endsWith("/account"), 2, unavailable);
    const errand = await client({ fetch: flaky.fetch });
    expect((await errand.account.get()).balance.freePrompts).toBe(5);
    expect(flaky.calls).toHaveLength(3);

    const down = failing((url) => url.endsWith("/account"), 99, unavailable);
    const patient = await client({ fetch: down.fetch, maxRetries: 1 });
    expect(await failure(patient.account.get())).toMatchObject({ status: 503, code: "unavailable" });
    expect(down.calls).toHaveLength(2);
  });

  it("a creation whose answer was lost is sent again with the same Idempotency-Key and creates one run", async () => {
    let lost = false;
    const calls: Headers[] = [];
    const losing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === "POST" && String(input).endsWith("/api/v1/runs")) {
        calls.push(new Headers(init.headers));
        // The server created the run; the connection broke before its answer arrived.
        if (!lost) {
          lost = true;
          throw new TypeError("fetch failed");
        }
      }
      return response;
    };
    const errand = await client({ fetch: losing });
    const run = await errand.runs.create({ prompt: "Create me once" });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.get("idempotency-key")).toMatch(/\S{16,}/);
    expect(calls[1]!.get("idempotency-key")).toBe(calls[0]!.get("idempotency-key"));
    expect((await errand.runs.list()).map((r) => r.id)).toEqual([run.id]);
  });

  it("does not retry a call that could act twice (cancel)", async () => {
    const once = failing((url, method) => method === "POST" && url.endsWith("/cancel"), 1, unavailable);
    const errand = await client({ fetch: once.fetch });
    const run = await errand.runs.create({ prompt: "Cancel me" });
    expect(await failure(errand.runs.cancel(run.id))).toMatchObject({ status: 503 });
    expect(once.calls).toHaveLength(1);
    expect((await errand.runs.cancel(run.id)).status).toBe("cancelled");
  });
});

describe("timeouts and cancellation", () => {
  const hanging: typeof fetch = (input, init) =>
    String(input).endsWith("/account")
      ? new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))
      : fetch(input, init);

  it("a request with no answer within timeoutMs fails with ErrandTimeoutError", async () => {
    const errand = await client({ fetch: hanging, timeoutMs: 200, maxRetries: 0 });
    expect(await failure(errand.account.get())).toBeInstanceOf(ErrandTimeoutError);
  });

  it("an aborted signal rejects with its reason, during a request and during a wait", async () => {
    const errand = await client({ fetch: hanging });
    const controller = new AbortController();
    const pending = failure(errand.account.get({ signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ name: "AbortError" });

    const run = await errand.runs.create({ prompt: "Wait for me" });
    const waiting = new AbortController();
    const waited = failure(errand.runs.wait(run.id, { signal: waiting.signal }));
    waiting.abort(new Error("stop waiting"));
    expect(await waited).toMatchObject({ message: "stop waiting" });
  });

  it("wait gives up after timeoutMs and leaves the run going", async () => {
    const errand = await client();
    const run = await errand.runs.create({ prompt: "Never picked up" });
    expect(await failure(errand.runs.wait(run.id, { timeoutMs: 300 }))).toBeInstanceOf(ErrandTimeoutError);
    expect((await errand.runs.get(run.id)).status).toBe("pending");
  });

  it("errand.run cancels its run when its wait times out or is aborted", async () => {
    const errand = await client();
    expect(await failure(errand.run("Too slow for me", { timeoutMs: 300 }))).toBeInstanceOf(ErrandTimeoutError);
    const controller = new AbortController();
    const aborted = failure(errand.run("Changed my mind", { signal: controller.signal, onStep: () => undefined }));
    // Aborted once its run exists (an abort during the creation itself is the next test).
    while ((await errand.runs.list()).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await aborted).toMatchObject({ name: "AbortError" });
    const runs = await errand.runs.list();
    expect(runs.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("errand.run cancels the run the server made when it is aborted while the creation is on its way", async () => {
    const controller = new AbortController();
    // The server receives the creation and makes the run; the answer is lost to the abort.
    const lateAbort: typeof fetch = async (input, init) => {
      if ((init?.method ?? "GET") !== "POST" || !String(input).endsWith("/api/v1/runs") || controller.signal.aborted)
        return fetch(input, init);
      await fetch(input, { ...init, signal: undefined });
      controller.abort();
      throw new DOMException("This operation was aborted", "AbortError");
    };
    const errand = await client({ fetch: lateAbort });
    expect(await failure(errand.run("Changed my mind on the way", { signal: controller.signal }))).toMatchObject({ name: "AbortError" });
    const runs = await errand.runs.list();
    expect(runs.map((r) => r.status)).toEqual(["cancelled"]);
  });
});
