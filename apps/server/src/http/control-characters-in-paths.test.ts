import { API_ROUTES, API_V1_PREFIX } from "@errand/contract/routes";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../testing/app-test.ts";
import { json, type TestApp } from "../testing/test-app.ts";

// Some 250 requests from one key (above the default rate limit), by an admin: the admin-only
// operations then read their parameters too.
const admin = `admin-${Date.now()}@paths.test`;
const it = appTestWithoutQueue.extend("appOptions", { apiRateLimit: 10_000, adminEmails: [admin] });
let t: TestApp;
let headers: Record<string, string>;
it.beforeAll(async ({ app }) => {
  t = app;
  headers = { ...(await t.newCaller(admin)).headers, "content-type": "application/json" };
});

/** NUL, another C0 control, DEL, and the right-to-left override (a format character, not a control). */
const CONTROLS = ["%00", "%01", "%7F"];
const FORMAT = "%E2%80%AE";

/** A plausible value for each path parameter, so only the one under test is odd. */
const PLAUSIBLE: Record<string, string> = {
  id: "00000000-0000-4000-8000-000000000000",
  slug: "some-automation",
  token: "some-token",
  type: "runs",
  userId: "00000000-0000-4000-8000-000000000000",
  invitationId: "00000000-0000-4000-8000-000000000000",
};

/** Every path parameter of every public operation, as [operation, method, path, parameter]. */
const PARAMETERS = Object.entries(API_ROUTES).flatMap(([name, route]) =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name, method: route.method.toUpperCase(), path: route.path, param: m[1]! })),
);

async function call(route: (typeof PARAMETERS)[number], value: string) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === route.param ? value : PLAUSIBLE[name]!));
  const res = await t.app.request(`${API_V1_PREFIX}${path}`, {
    method: route.method,
    headers,
    body: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
  });
  const body = res.headers.get("content-type")?.includes("json") ? await json(res) : await res.text();
  return { status: res.status, body };
}

describe("control characters in path parameters", () => {
  it("answers GET /automations/{slug} with a control character or a bidi override as a 400 or 404 in the error shape, never 500", async () => {
    for (const value of [...CONTROLS, FORMAT]) {
      const res = await t.app.request(`${API_V1_PREFIX}/automations/${value}`);
      expect([400, 404], value).toContain(res.status);
      expect((await json(res)).error, value).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const nul = await json(await t.app.request(`${API_V1_PREFIX}/automations/%00`));
    expect(nul.error).toEqual({
      code: "validation_error",
      message: "slug: slug must not contain control characters",
      fields: [{ path: "slug", message: "slug must not contain control characters" }],
    });
  });

  it("answers every path parameter of every operation holding a control character with a 400 or 404 in the error shape", async () => {
    expect(PARAMETERS.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const route of PARAMETERS) {
      for (const value of CONTROLS) {
        const { status, body } = await call(route, value);
        const shaped = typeof body === "object" && typeof body?.error?.code === "string" && typeof body?.error?.message === "string";
        if (![400, 404].includes(status) || !shaped)
          answers.push(`${route.method} ${route.path} {${route.param}}=${value}: ${status} ${JSON.stringify(body).slice(0, 120)}`);
      }
      const { status } = await call(route, FORMAT);
      if (status >= 500) answers.push(`${route.method} ${route.path} {${route.param}}=${FORMAT}: ${status}`);
    }
    expect(answers).toEqual([]);
  });
});
