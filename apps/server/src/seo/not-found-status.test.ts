import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../testing/app-test.ts";
import type { TestApp } from "../testing/test-app.ts";
import { fakeWebBuild } from "../testing/web-build.ts";

const it = appTestWithoutQueue.extend("appOptions", { webDir: fakeWebBuild() });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

// 404 for a path no page serves, 200 for every page of the app, signed-in pages included (the app
// decides who may see them); each with the app's shell, so a path nothing serves shows its not-found page.
const STATUS_OF_PATH: [string, number][] = [
  ["/no-such-page", 404],
  ["/404", 404],
  ["/tasks/1/2", 404],
  ["/dashboard/extra", 404],
  ["/automations/a/b/c", 404],
  ["/unknown-integration", 404],
  ["/assets/gone.js", 404],
  ["/", 200],
  ["/features", 200],
  ["/login", 200],
  ["/signup", 200],
  ["/docs", 200],
  ["/terms", 200],
  ["/privacy", 200],
  ["/dashboard", 200],
  ["/tasks/", 200],
  ["/tasks/1/task-runs/2", 200],
  ["/credits", 200],
  ["/api-keys", 200],
  ["/auth-contexts/new", 200],
  ["/demo/1", 200],
  ["/zapier", 200],
  ["/n8n-integration", 200],
];

describe("the status of a page's HTML", () => {
  it.each(STATUS_OF_PATH)("answers %s with %i and the app's shell", async (url, status) => {
    const res = await t.app.request(url);
    expect(res.status, url).toBe(status);
    expect(res.headers.get("content-type"), url).toContain("text/html");
    expect(await res.text(), url).toContain('<div id="root"></div>');
  });
});
