import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, isGone, listen, readBody, sendJson } from "../lib/http-helpers.ts";
import { handleFormApi } from "./form-api.ts";
import { DEFAULT_COSTS, SolverEngine } from "./solver-engine.ts";
import type { EngineSettings } from "./solver-engine.ts";
import { handleTaskApi } from "./task-api.ts";
import type { FakeCaptchaRequest, FakeCaptchaSolver, FakeCaptchaSolverOptions } from "./types.ts";

/** The account key the fake accepts unless told otherwise. */
export const FAKE_CAPTCHA_CLIENT_KEY = "fake-captcha-key-0123456789abcdef";

/**
 * A captcha solving service on 127.0.0.1 speaking both shared protocols: the JSON API
 * (POST /createTask, /getTaskResult, /getBalance) and the form API (/in.php, /res.php).
 * Tokens it hands out are accepted by the fixture sites' verification endpoints
 * (/challenge-siteverify/*); image answers are the text the fixture drew.
 */
export async function startFakeCaptchaSolver(options: FakeCaptchaSolverOptions = {}): Promise<FakeCaptchaSolver> {
  const initial = (): EngineSettings => ({
    clientKey: options.clientKey ?? FAKE_CAPTCHA_CLIENT_KEY,
    pollsBeforeReady: options.pollsBeforeReady ?? 1,
    balanceUsd: options.balanceUsd ?? 10,
    costs: { ...DEFAULT_COSTS, ...options.costs },
    failure: options.failure,
  });
  const protocols = options.protocols ?? ["task", "form"];
  let engine = new SolverEngine(initial());
  const requests: FakeCaptchaRequest[] = [];
  let origin = "";

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", origin);
    const raw = method === "GET" || method === "HEAD" ? "" : await readBody(req, 2 * 1024 * 1024);
    requests.push({ method, path: url.pathname + url.search, body: raw, at: Date.now() });

    if (method === "POST" && protocols.includes("task")) {
      const json = handleTaskApi(engine, url.pathname, raw);
      if (json) return sendJson(res, json.status, json.body);
    }
    if ((method === "GET" || method === "POST") && protocols.includes("form")) {
      const params = new URLSearchParams(url.search);
      if (method === "POST" && (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
        for (const [name, value] of new URLSearchParams(raw)) params.set(name, value);
      }
      const form = handleFormApi(engine, url.pathname, params);
      if (form) {
        res.writeHead(form.status, { "content-type": form.contentType, "content-length": Buffer.byteLength(form.body) });
        return void res.end(form.body);
      }
    }
    sendJson(res, 404, { error: "not found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!isGone(res)) sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  origin = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;

  return {
    url: origin,
    get clientKey() {
      return engine.settings.clientKey;
    },
    get tasks() {
      return engine.tasks;
    },
    requests,
    get balanceUsd() {
      return engine.settings.balanceUsd;
    },
    setFailure(failure) {
      engine.settings.failure = failure;
    },
    setPollsBeforeReady(polls) {
      engine.settings.pollsBeforeReady = polls;
    },
    reset() {
      engine = new SolverEngine(initial());
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
