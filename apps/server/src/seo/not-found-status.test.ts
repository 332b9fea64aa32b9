import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../testing/app-test.ts";
import type { TestApp } from "../testing/test-app.ts";
import { fakeWebBuild } from "../testing/web-build.ts";

const it = appTestWithoutQueue.extend("appOptions", { webDir: fakeWebBuild() });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

describe("the status of a page's HTML", () => {
  it("is 404 for a path no page serves, with the app's shell so it shows its not-found page", async () => {
    for (const url of [
      "/no-such-page",
      "/404",
      "/tasks/1/2",
      "/dashboard/extra",
      "/automations/a/b/c",
      "/unknown-integration",
      "/assets/gone.js",
    ]) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-type"), url).toContain("text/html");
      expect(await res.text(), url).toContain('<div id="root"></div>');
    }
  });

  it("is 200 for every page of the app, signed-in pages included (the app decides who may see them)", async () => {
    for (const url of [
      "/",
      "/features",
      "/login",
      "/signup",
      "/docs",
      "/terms",
      "/privacy",
      "/dashboard",
      "/tasks/",
      "/tasks/1/task-runs/2",
      "/credits",
      "/api-keys",
      "/auth-contexts/new",
      "/demo/1",
      "/zapier",
      "/n8n-integration",
    ]) {
      expect((await t.app.request(url)).status, url).toBe(200);
    }
  });
});
