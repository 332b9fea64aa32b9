import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { fakeWebBuild } from "../../testing/web-build.ts";
import { DEFAULT_N8N_TEMPLATES_DIR, templateRoutes } from "./template-routes.ts";

// A web build whose fallback page would answer any path the template route let through.
const it = appTestWithoutQueue.extend("appOptions", { webDir: fakeWebBuild() });
let http: TestApp;
it.beforeAll(({ app }) => {
  http = app;
});

describe("n8n template downloads", () => {
  it("finds the repository's templates from the source tree, as a fresh clone and npm start run it", () => {
    expect(readdirSync(DEFAULT_N8N_TEMPLATES_DIR).filter((name) => name.endsWith(".json")).length).toBeGreaterThanOrEqual(4);
  });

  it("answers each template file as a JSON attachment, ahead of the web app", async () => {
    for (const file of readdirSync(DEFAULT_N8N_TEMPLATES_DIR).filter((name) => name.endsWith(".json"))) {
      const res = await http.app.request(`/templates/n8n/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${file}"`);
      const body = await res.text();
      expect(body).toBe(readFileSync(path.join(DEFAULT_N8N_TEMPLATES_DIR, file), "utf8"));
      expect((JSON.parse(body) as { nodes: unknown[] }).nodes.length).toBeGreaterThan(0);
    }
  });

  it("answers 404 for a name outside the list, and never a file outside the directory", async () => {
    for (const attempt of [
      "/templates/n8n/no-such-template.json",
      "/templates/n8n/..%2F..%2F..%2Fpackage.json",
      "/templates/n8n/..%2Fpackage.json",
      "/templates/n8n/%2e%2e%2fpackage.json",
      "/templates/n8n/..%5C..%5Cpackage.json",
      "/templates/n8n/",
      "/templates/n8n",
      "/templates/zapier/hourly-stock-check-slack-alert.json",
    ]) {
      const res = await http.app.request(attempt);
      expect(res.status, attempt).toBe(404);
      expect(res.headers.get("content-disposition"), attempt).toBeNull();
      expect(await res.text(), attempt).not.toContain('"name": "n8n-nodes-errand"');
    }
    // A path the client did not normalise either ends at the route's 404 or at the web app, never at a file.
    const raw = await http.app.request("http://localhost:3000/templates/n8n/../../package.json");
    expect(await raw.text()).not.toContain("workspaces");
  });

  it("serves only the .json files present when it started", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "errand-templates-"));
    writeFileSync(path.join(dir, "one.json"), '{"nodes":[]}');
    writeFileSync(path.join(dir, "notes.txt"), "not a template");
    mkdirSync(path.join(dir, "nested.json"));
    const routes = templateRoutes(dir);
    writeFileSync(path.join(dir, "later.json"), "{}");

    expect((await routes.request("/n8n/one.json")).status).toBe(200);
    for (const name of ["notes.txt", "nested.json", "later.json"]) expect((await routes.request(`/n8n/${name}`)).status, name).toBe(404);
    // A missing directory serves nothing rather than failing the server's start.
    expect((await templateRoutes(path.join(dir, "missing")).request("/n8n/one.json")).status).toBe(404);
  });
});
