import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_ROUTE_PATTERNS, isAppPath } from "./app-paths.ts";

const ROUTER = path.resolve(import.meta.dirname, "../../../web/src/router.tsx");

describe("the app's paths as the server knows them", () => {
  it("are exactly the web router's paths, so a new page is never answered 404", () => {
    const routerPaths = [...readFileSync(ROUTER, "utf8").matchAll(/\bpath: "([^"]+)"/g)].map((m) => m[1]!);
    expect(routerPaths.length).toBeGreaterThan(20);
    // "*" is the router's not-found page: what the server answers 404 for.
    expect([...APP_ROUTE_PATTERNS].sort()).toEqual(routerPaths.filter((p) => p !== "*").sort());
  });

  it("match the pages, their parameters, any letter case, and only the integration names at the top level", () => {
    for (const page of [
      "/",
      "/dashboard",
      "/TASKS",
      "/tasks/abc",
      "/tasks/abc/task-runs/def",
      "/tasks/abc/batches/def",
      "/auth-contexts/new",
      "/demo/123",
      "/zapier",
      "/Zapier-Integration",
      "/mcp-integration",
    ]) {
      expect(isAppPath(page), page).toBe(true);
    }
    for (const unknown of [
      "/nope",
      "/404",
      "/index.html",
      "/tasks/abc/def",
      "/dashboard/x",
      "/auth-contexts/old",
      "/foo-integration",
      "/zapier/x",
    ]) {
      expect(isAppPath(unknown), unknown).toBe(false);
    }
  });
});
