import { gunzipSync, inflateSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { setAnsweredHeaders } from "./answered-headers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("compressed answers", () => {
  it("a JSON answer is gzip or deflate as the client accepts, plain otherwise, the same JSON and headers either way", async () => {
    const caller = await t.newCaller();
    const read = (acceptEncoding?: string) =>
      t.app.request("/api/v1/account", {
        headers: { ...caller.headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });
    const plain = await read();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const json = await plain.json();
    expect(json).toHaveProperty("email");

    const gzipped = await read("gzip, deflate, br");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8"))).toEqual(json);
    const deflated = await read("gzip;q=0, deflate");
    expect(deflated.headers.get("content-encoding")).toBe("deflate");
    expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString("utf8"))).toEqual(json);
    expect((await read("br, gzip;q=0")).headers.get("content-encoding")).toBeNull();

    // Headers the middleware around it adds after the answer arrive on every variant.
    for (const res of [plain, gzipped, deflated]) {
      expect(res.headers.get("x-request-id")).toBeTruthy();
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("ratelimit-limit")).toBeTruthy();
    }
  });

  it("headers are still set on an answer whose own headers cannot change (a redirect made by Response.redirect)", async () => {
    const app = new Hono();
    app.use("*", async (c, next) => {
      await next();
      setAnsweredHeaders(c, [
        ["x-content-type-options", "nosniff"],
        ["x-request-id", "abc12345"],
      ]);
    });
    app.get("/away", () => Response.redirect("http://localhost/elsewhere", 302));
    const res = await app.request("/away");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost/elsewhere");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toBe("abc12345");
  });
});
