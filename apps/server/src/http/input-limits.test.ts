import { connect } from "node:net";
import { describe, expect } from "vitest";
import { listeningAppTest } from "../testing/app-test.ts";
import { json, type TestApp } from "../testing/test-app.ts";

const it = listeningAppTest.extend("appOptions", { billingEnabled: false });
let t: TestApp;
let port: number;
it.beforeAll(({ app, listening }) => {
  t = app;
  port = listening.port;
});

const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }) =>
  t.app.request(path, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });

/**
 * Sends the head of a request announcing `length` bytes and only `sent` of them over a real
 * socket; resolves with what the server answered (and whether it closed the connection).
 */
function announceBigBody(path: string, length: number, sent: number): Promise<{ head: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve({ head: received, closed: true }));
    socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`);
    socket.write(Buffer.alloc(sent, 0x20));
    setTimeout(() => resolve({ head: received, closed: false }), 5_000).unref();
  });
}

describe("request bodies", () => {
  it("answers 413 with a message before reading a body over the route's limit", async () => {
    // 20 MB announced on anonymous sign-in, 64 KB sent: the answer comes without the rest.
    const { head, closed } = await announceBigBody("/api/auth/sign-in/email", 20 * 1024 * 1024, 64 * 1024);
    expect(head).toMatch(/^HTTP\/1\.1 413/);
    expect(head).toContain('"code":"payload_too_large"');
    expect(head).toContain("The request body is larger than 16 KB, the limit for sign-in and account requests.");
    expect(closed).toBe(true);
  });

  it("limits each kind of route to what it needs", async () => {
    const { headers } = await t.newCaller();
    const prompt = "x".repeat(19_000);
    expect((await send("/api/v1/runs", { headers, body: { prompt } })).status).toBe(201);
    const huge = await send("/api/v1/runs", { headers, body: { prompt: "p", junk: "y".repeat(600 * 1024) } });
    expect(huge.status).toBe(413);
    expect((await json(huge)).error.message).toBe("The request body is larger than 512 KB, the limit for API requests.");
    const contact = await send("/api/v1/contact-messages", { body: { email: "a@b.example", message: "z".repeat(40 * 1024) } });
    expect(contact.status).toBe(413);
  });

  it("counts a streamed body without a length too", async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(1024).fill(0x20));
        controller.close();
      },
    });
    const res = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe("control characters", () => {
  it("are refused with 400 naming the field in text fields, nested JSON and queries", async () => {
    const { headers } = await t.newCaller();
    const run = await send("/api/v1/runs", { headers, body: { prompt: "find\u0000it" } });
    expect(run.status).toBe(400);
    expect((await json(run)).error).toMatchObject({
      code: "validation_error",
      fields: [{ path: "prompt", message: "prompt must not contain control characters" }],
    });
    const nested = await send("/api/v1/runs", {
      headers,
      body: { prompt: "p", response_format: "json", json_schema: { properties: { "a\u0000": {} } } },
    });
    expect((await json(nested)).error.fields[0].path).toBe("json_schema.properties.a\u0000");

    const search = await t.app.request("/api/v1/automations?search=%00");
    expect(search.status).toBe(400);
    expect((await json(search)).error.message).toBe("search must not contain control characters");
    const tasks = await t.app.request("/api/v1/tasks?page=1%00", { headers });
    expect(tasks.status).toBe(400);
    // Multi-line prompts stay fine.
    expect((await send("/api/v1/runs", { headers, body: { prompt: "line one\n\tline two\r\n" } })).status).toBe(201);
  });

  it("are refused by the contract too, for callers that do not come through HTTP", async () => {
    const { runSettingsSchema } = await import("@errand/contract");
    const parsed = runSettingsSchema.safeParse({ prompt: "a\u0007b" });
    expect(parsed.success).toBe(false);
  });
});

describe("stored JSON", () => {
  it("refuses a json_schema nested too deep or too large with the limit in the message", async () => {
    const { headers } = await t.newCaller();
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const res = await send("/api/v1/runs", { headers, body: { prompt: "p", response_format: "json", json_schema: deep } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual([{ path: "json_schema", message: "json_schema is nested more than 32 levels deep" }]);
    // The same as a JSON object in the body (written out: JSON.stringify itself would overflow).
    const deepObject = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const asObject = await send("/api/v1/runs", { headers, body: `{"prompt":"p","json_schema":${deepObject}}` });
    expect(asObject.status).toBe(400);
    expect((await json(asObject)).error.fields[0].message).toBe("json_schema is nested more than 32 levels deep");
    const wide = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field_${i}`, { type: "string" }])),
    };
    const big = await send("/api/v1/runs", { headers, body: { prompt: "p", json_schema: wide } });
    expect((await json(big)).error.fields[0].message).toBe("json_schema is larger than 100 KB");
  });
});

describe("PATCH /tasks/{id}", () => {
  it("changes only the fields it is sent, and clears a field sent empty", async () => {
    const { headers } = await t.newCaller();
    const created = await json(
      await send("/api/v1/runs", {
        headers,
        body: {
          prompt: "first",
          response_format: "json",
          json_schema: { type: "object", properties: { title: { type: "string" } } },
          webhook_url: "https://hooks.example/errand",
          session_timeout: 120,
          initial_url: "https://shop.example",
        },
      }),
    );
    const patch = (body: unknown) => send(`/api/v1/tasks/${created.task_id}`, { method: "PATCH", headers, body });
    const onlyPrompt = await json(await patch({ prompt: "second" }));
    expect(onlyPrompt).toMatchObject({
      prompt: "second",
      response_format: "json",
      json_schema: { type: "object", properties: { title: { type: "string" } } },
      webhook_url: "https://hooks.example/errand",
      session_timeout: 120,
      initial_url: "https://shop.example",
    });
    const cleared = await json(await patch({ webhook_url: "", json_schema: null }));
    expect(cleared).toMatchObject({
      prompt: "second",
      webhook_url: null,
      json_schema: null,
      session_timeout: 120,
      initial_url: "https://shop.example",
    });
    expect((await patch({ prompt: "  " })).status).toBe(400);
  });
});
