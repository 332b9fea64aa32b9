import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { TOOL_NAMES } from "@errand/mcp";
import { JSON_STORIES, expectAbortCancelsRun, expectLeavingCancelsRun, mcpResponder, STEPS_ANSWER, toolTexts } from "@errand/mcp/testing";
import { Errand } from "@errand/sdk";
import type { ErrandTestServer, SignedUpUser } from "@errand/testkit";
import { serverTest } from "@errand/testkit/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, vi } from "vitest";

// Streamable HTTP at /mcp of a real `errand serve` (worker, Chromium, fake model), with the MCP SDK's client.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
const RATE_LIMIT = 40;

const it = serverTest.extend("serverOptions", { workerConcurrency: 2, env: { API_RATE_LIMIT: String(RATE_LIMIT) } });
let server: ErrandTestServer;
let user: SignedUpUser;
let client: Client;
type ToolAnswer = Awaited<ReturnType<Client["callTool"]>>;

async function connect(headers: Record<string, string>): Promise<Client> {
  const connected = new Client({ name: "errand-mcp-http-test", version: "1.0.0" });
  await connected.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers } }));
  return connected;
}

it.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  server.model.setResponder(mcpResponder(server.sites.url));
  user = await server.signUp();
  client = await connect({ authorization: `Bearer ${user.apiKey}` });
});
afterAll(async () => {
  await client?.close();
});

describe("/mcp (Streamable HTTP)", () => {
  it("lists the tools for a Bearer key, and for an x-api-key header", async () => {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const viaHeader = await connect({ "x-api-key": user.apiKey });
    try {
      expect((await viaHeader.listTools()).tools).toHaveLength(TOOL_NAMES.length);
    } finally {
      await viaHeader.close();
    }
  });

  it("run_task streams a progress notification per step, in order, then the answer", async () => {
    const progress: Progress[] = [];
    const answer = await client.callTool({ name: "run_task", arguments: { prompt: "[mcp:steps] What is the top story?" } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    const run = answer.structuredContent as { run_id: string; status: string; result: string; url: string };
    expect(run).toMatchObject({ status: "success", result: STEPS_ANSWER });
    expect(run.url).toMatch(new RegExp(`^${server.baseUrl}/tasks/[0-9a-f-]+/task-runs/${run.run_id}$`));
    const steps = await new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }).runs.steps(run.run_id);
    expect(progress.map((p) => p.progress)).toEqual(steps.map((s) => s.number));
    expect(progress.length).toBeGreaterThanOrEqual(3);
  });

  it("run_task returns a JSON result as structured content", async () => {
    const answer = await client.callTool({
      name: "run_task",
      arguments: { prompt: "[mcp:json] List the stories", response_format: "json" },
    });
    expect(answer.structuredContent).toMatchObject({ status: "success", data: JSON_STORIES });
    expect(toolTexts(answer)).toContain('"stories"');
  });

  it("a client that cancels run_task cancels the run", async () => {
    await expectAbortCancelsRun(client, new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }), "Stopped by the person");
    // The client is still usable afterwards.
    expect((await client.callTool({ name: "list_runs", arguments: { limit: 1 } })).isError).toBeFalsy();
  });

  it("a client that disconnects while run_task waits cancels the run", async () => {
    const leaving = await connect({ authorization: `Bearer ${user.apiKey}` });
    await expectLeavingCancelsRun(leaving, new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl }));
  });

  it("answers a missing or bad key with 401 and a Bearer challenge, before any MCP handling", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(initialize),
      });
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="errand"');
    const badKey = `${user.apiKey.slice(0, -4)}xxxx`;
    const bad = await post({ authorization: `Bearer ${badKey}` });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
    const body = await bad.text();
    expect(body).toContain("Invalid API key");
    expect(body).not.toContain(badKey);
    await expect(connect({ authorization: `Bearer ${badKey}` })).rejects.toBeInstanceOf(StreamableHTTPError);
  });

  it("another user's run is not found", async () => {
    const other = await server.signUp();
    const theirs = await new Errand({ apiKey: other.apiKey, baseUrl: server.baseUrl }).runs.create({ prompt: "Their task" });
    const answer = await client.callTool({ name: "get_run", arguments: { run_id: theirs.id } });
    expect(answer.isError).toBe(true);
    expect(toolTexts(answer)).toMatch(/not found.*\(not_found, HTTP 404\)/i);
  });

  it("a key without the run scope gets a tool error naming the scope, and may still read", async () => {
    const made = await fetch(`${server.baseUrl}/api/v1/api-keys`, {
      method: "POST",
      headers: { "x-api-key": user.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "assistant", scopes: ["read"] }),
    });
    const { secret } = (await made.json()) as { secret: string };
    const reader = await connect({ authorization: `Bearer ${secret}` });
    try {
      expect((await reader.callTool({ name: "list_runs", arguments: { limit: 1 } })).isError).toBeFalsy();
      const refused = await reader.callTool({ name: "run_task", arguments: { prompt: "Not allowed" } });
      expect(refused.isError).toBe(true);
      expect(toolTexts(refused)).toMatch(/^This API key lacks the run scope \(forbidden, HTTP 403\)/);
    } finally {
      await reader.close();
    }
  });

  it("tool calls count against the key's API rate limit", async () => {
    const limited = await server.signUp();
    const own = await connect({ authorization: `Bearer ${limited.apiKey}` });
    try {
      let answer: ToolAnswer | undefined;
      // The limit counts per calendar minute: 2 x limit + 1 calls meet it even across a minute's end.
      for (let i = 0; i < 2 * RATE_LIMIT + 1 && !answer?.isError; i++)
        answer = await own.callTool({ name: "list_auth_contexts", arguments: {} });
      expect(answer!.isError).toBe(true);
      expect(toolTexts(answer!)).toMatch(/Rate limit of 40 requests per minute reached.*\(rate_limited, HTTP 429\)/);
    } finally {
      await own.close();
    }
  });

  it("answers the MCP page's raw tools/list request, with no session to open first", async () => {
    const res = await fetch(`${server.baseUrl}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${user.apiKey}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const body = await res.text();
    for (const name of TOOL_NAMES) expect(body).toContain(`"name":"${name}"`);
  });

  it("upload_file keeps files up to the 10 MB it promises, through the SDK's own client: 1 MB and 9 MB", async () => {
    const errand = new Errand({ apiKey: user.apiKey, baseUrl: server.baseUrl });
    for (const size of [1024 * 1024, 9 * 1024 * 1024]) {
      const bytes = randomBytes(size);
      const answer = await client.callTool({
        name: "upload_file",
        arguments: { name: `scan-${size}.bin`, data: bytes.toString("base64") },
      });
      expect(answer.isError, toolTexts(answer)).toBeFalsy();
      const file = answer.structuredContent as { file_id: string; size: number; name: string };
      expect(file).toMatchObject({ size, name: `scan-${size}.bin` });
      const kept = Buffer.from(await errand.files.content(file.file_id));
      expect(createHash("sha256").update(kept).digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    const described = (await client.listTools()).tools.find((t) => t.name === "upload_file")!;
    expect(described.description).toContain("at most 10 MB");
  });

  it("limits request bodies like POST /files's (15 MB: upload_file carries a file) and refuses a prompt with control characters", async () => {
    // Declared larger than the limit: answered at once, before the body is sent (a client still
    // sending 15 MB could see the connection close before it reads the answer).
    const res = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${user.apiKey}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": String(15 * 1024 * 1024 + 1),
        },
      });
      req.on("response", (answer) => {
        let body = "";
        answer.on("data", (chunk: Buffer) => (body += chunk.toString()));
        answer.on("end", () => resolve({ status: answer.statusCode, body }));
        answer.on("close", () => req.destroy());
      });
      req.on("error", reject);
      req.write('{"jsonrpc":"2.0"');
    });
    expect(res.status).toBe(413);
    expect(res.body).toContain(
      "The request body is larger than 15 MB, the limit for MCP requests (upload_file carries a file of up to 10 MB).",
    );
    const answer = await client.callTool({ name: "start_task", arguments: { prompt: "find\u0000it" } });
    expect(answer.isError).toBe(true);
    expect(toolTexts(answer)).toContain("prompt must not contain control characters");
  });

  it("leaves a person's browser on /mcp to the web app, whose short link opens the MCP page", async () => {
    // (The page itself, served from the web build, is e2e/site.spec.ts's: here the build may not exist.)
    const res = await fetch(`${server.baseUrl}/mcp`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(res.headers.get("www-authenticate")).toBeNull();
    expect([401, 405]).not.toContain(res.status);
    // An MCP client without a key is still told how to authenticate.
    const client = await fetch(`${server.baseUrl}/mcp`, { headers: { accept: "text/event-stream" } });
    expect(client.status).toBe(401);
  });

  it("is stateless: GET (a standalone event stream) is refused", async () => {
    const res = await fetch(`${server.baseUrl}/mcp`, { headers: { authorization: `Bearer ${user.apiKey}`, accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});
