import { createIsolatedTestDb } from "@errand/db/testing";
import { createS3FileStorage } from "@errand/services/storage";
import { startErrandServer, startS3Server, type ErrandTestServer, type S3TestServer } from "@errand/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A real server whose screenshots go to a real S3-protocol server: the worker stores them there,
// the API hands out the store's signed links, and deleting the task empties its folder.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const database = await createIsolatedTestDb();
let s3: S3TestServer;
let server: ErrandTestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  server = await startErrandServer({
    databaseUrl: database.url,
    env: { S3_URL: s3.url, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
  });
  server.model.setResponder((req) =>
    req.messages.some((m) => m.role === "assistant")
      ? { toolCalls: [{ name: "done", arguments: { success: true, text: "Seen." } }] }
      : { toolCalls: [{ name: "navigate", arguments: { url: `${server.sites.url}/news` } }] },
  );
});
afterAll(async () => {
  await server?.close();
  await s3?.stop();
  await database.close();
});

describe("errand serve with S3_URL", () => {
  it("stores a run's screenshots in the bucket, links to them there, and removes them with the task", async () => {
    const { apiKey } = await server.signUp();
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
        method,
        headers: { "x-api-key": apiKey, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
    };
    const created = await api("POST", "/runs", { prompt: "Look at the news" });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const runId = created.json.id as string;
    const taskId = created.json.task_id as string;
    let run = created.json;
    while (!["success", "failed", "cancelled"].includes(run.status as string)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = (await api("GET", `/runs/${runId}`)).json;
    }
    expect(run.status).toBe("success");

    const { steps } = (await api("GET", `/runs/${runId}/steps`)).json as { steps: { id: string; has_screenshot: boolean }[] };
    const shot = steps.find((s) => s.has_screenshot);
    expect(shot, JSON.stringify(steps)).toBeDefined();
    const link = (await api("GET", `/steps/${shot!.id}/screenshot`)).json.signed_url as string;
    expect(link.startsWith(`${s3.url}/${s3.bucket}/steps/${runId}/`)).toBe(true);
    const image = await fetch(link);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/(jpeg|png)$/);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const bucket = createS3FileStorage({ ...s3, forcePathStyle: true });
    const key = new URL(link).pathname.slice(`/${s3.bucket}/`.length);
    expect(await bucket.stat(key)).not.toBeNull();
    expect((await api("DELETE", `/tasks/${taskId}`)).status).toBeLessThan(300);
    // Deleting a task removes its files after answering: wait for the object to go.
    while (await bucket.stat(key)) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).not.toContain(s3.secretAccessKey);
  });
});
