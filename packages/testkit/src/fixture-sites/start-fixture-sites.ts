import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, flattenHeaders, isGone, listen, readBody, sleep } from "../lib/http-helpers.ts";
import { page } from "./html-layout.ts";
import { isReplayShopVariant } from "./pages/replay-shop-catalog.ts";
import { FIXTURE_ROUTES } from "./routes.ts";
import type { FixtureResponse, FixtureSites, RouteContext, SiteState } from "./types.ts";

/**
 * Serves the fixture websites on two origins: `url` (127.0.0.1:A) and `otherOrigin` (localhost:B),
 * the same pages on both, so an iframe from one inside the other is genuinely cross-origin.
 */
export async function startFixtureSites(options: { port?: number; otherPort?: number } = {}): Promise<FixtureSites> {
  const state = newSiteState();
  const closing = new AbortController();
  const origins = { main: "", other: "" };

  const makeServer = (server: "main" | "other") =>
    createServer((req, res) => {
      serve(req, res, server).catch((error: unknown) => {
        if (isGone(res)) return;
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`fixture error: ${error instanceof Error ? error.message : String(error)}`);
      });
    });

  async function serve(req: IncomingMessage, res: ServerResponse, server: "main" | "other") {
    const method = req.method ?? "GET";
    const origin = server === "main" ? origins.main : origins.other;
    const url = new URL(req.url ?? "/", origin);
    const pathAndQuery = url.pathname + url.search;
    state.requests.push({ server, method, path: pathAndQuery, at: Date.now() });
    for (const [prefix, ms] of state.slowDowns) if (pathAndQuery.startsWith(prefix)) await sleep(ms, closing.signal);
    const body = method === "GET" || method === "HEAD" ? "" : await readBody(req, 1024 * 1024);
    const headers = flattenHeaders(req.headers);
    const isForm = (headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
    const ctx: RouteContext = {
      method,
      url,
      params: [],
      cookies: parseCookies(headers.cookie),
      headers,
      body,
      form: new URLSearchParams(isForm ? body : ""),
      server,
      origin,
      crossOrigin: server === "main" ? origins.other : origins.main,
      mainOrigin: origins.main,
      otherOrigin: origins.other,
      state,
      closing: closing.signal,
    };
    const response = await route(ctx);
    if (isGone(res)) return;
    res.writeHead(response.status ?? 200, { "cache-control": "no-store", ...response.headers });
    res.end(method === "HEAD" ? undefined : (response.body ?? ""));
  }

  const main = makeServer("main");
  const other = makeServer("other");
  const mainPort = await listen(main, options.port ?? 0, "127.0.0.1");
  const otherPort = await listen(other, options.otherPort ?? 0, "127.0.0.1");
  origins.main = `http://127.0.0.1:${mainPort}`;
  origins.other = `http://localhost:${otherPort}`;

  return {
    url: origins.main,
    otherOrigin: origins.other,
    stealHits: state.stealHits,
    requests: state.requests,
    setReplayShopVariant(variant) {
      if (!isReplayShopVariant(variant)) throw new Error(`unknown replay shop variant ${JSON.stringify(variant)}`);
      state.replayShopVariant = variant;
    },
    slowDown(prefix, ms) {
      state.slowDowns.set(prefix, ms);
    },
    mailThrough(smtp) {
      state.mail = smtp && { host: smtp.host, port: smtp.port };
    },
    reset() {
      state.slowDowns.clear();
      state.stealHits.length = 0;
      state.requests.length = 0;
      state.sessions.clear();
      state.replayShopVariant = "baseline";
    },
    async close() {
      closing.abort();
      await Promise.all([closeServer(main), closeServer(other)]);
    },
  };
}

function newSiteState(): SiteState {
  return {
    sessions: new Set(),
    sessionCounter: 0,
    stealHits: [],
    requests: [],
    replayShopVariant: "baseline",
    slowDowns: new Map(),
    mail: null,
  };
}

async function route(ctx: RouteContext): Promise<FixtureResponse> {
  const pathname = ctx.url.pathname;
  for (const candidate of FIXTURE_ROUTES) {
    const methodOk = candidate.method === "ANY" || candidate.method === ctx.method || (candidate.method === "GET" && ctx.method === "HEAD");
    if (!methodOk) continue;
    if (typeof candidate.path === "string") {
      if (candidate.path === pathname) return candidate.handle(ctx);
      continue;
    }
    const match = candidate.path.exec(pathname);
    if (match && match[0] === pathname) return candidate.handle({ ...ctx, params: match.slice(1).map((p) => p ?? "") });
  }
  return page(
    {
      title: "Not found",
      body: `<h1>Not found</h1><p>No fixture page at ${pathname.replace(/[<>&"]/g, "")}.</p><p><a href="/">Back to the index</a></p>`,
    },
    404,
  );
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      cookies[part.slice(0, eq).trim()] = decodeURIComponent(raw);
    } catch {
      cookies[part.slice(0, eq).trim()] = raw;
    }
  }
  return cookies;
}
