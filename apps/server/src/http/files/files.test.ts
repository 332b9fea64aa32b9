import { saveRunDownload } from "@errand/services/files";
import { describe, expect } from "vitest";
import { listeningAppTest } from "../../testing/app-test.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { attachmentDisposition } from "./content-disposition.ts";

const it = listeningAppTest;
let t: TestApp;
let origin: string;
it.beforeAll(({ app, listening }) => {
  t = app;
  origin = listening.origin;
});

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  fetch(`${origin}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response): Promise<any> => res.json();

describe("files API", () => {
  it("uploads a file and serves the same bytes back as a download only its owner can fetch", async () => {
    const owner = await t.newCaller();
    const bytes = Buffer.from([0x3c, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x3e, 0, 255]);
    const res = await call("POST", "/files", owner.headers, { name: 'Überweisung "1".html', data: bytes.toString("base64") });
    expect(res.status).toBe(201);
    const file = await json(res);
    expect(file).toMatchObject({ origin: "upload", name: 'Überweisung "1".html', content_type: "text/html", size: 10 });
    expect(file.content_url).toBe(`http://localhost:3000/api/v1/files/${file.id}/content`);

    const content = await call("GET", `/files/${file.id}/content`, { "x-api-key": owner.headers["x-api-key"]! });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(bytes);
    expect(content.headers.get("content-type")).toBe("text/html");
    expect(content.headers.get("content-disposition")).toBe(
      `attachment; filename="_berweisung _1_.html"; filename*=UTF-8''%C3%9Cberweisung%20%221%22.html`,
    );
    expect(content.headers.get("x-content-type-options")).toBe("nosniff");
    expect(content.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(content.headers.get("cache-control")).toBe("no-store");

    expect(await json(await call("GET", "/files", owner.headers))).toEqual({ data: [file] });
    expect(await json(await call("GET", `/files/${file.id}`, owner.headers))).toEqual(file);

    const stranger = await t.newCaller();
    for (const [method, path] of [
      ["GET", `/files/${file.id}`],
      ["GET", `/files/${file.id}/content`],
      ["DELETE", `/files/${file.id}`],
    ] as const) {
      const answer = await call(method, path, stranger.headers);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect((await json(answer)).error.message).toBe("File not found");
    }
    expect(await json(await call("GET", "/files", stranger.headers))).toEqual({ data: [] });

    expect((await call("DELETE", `/files/${file.id}`, owner.headers)).status).toBe(204);
    expect((await call("GET", `/files/${file.id}/content`, owner.headers)).status).toBe(404);
  });

  it("strips bidi controls and invisible format characters from file names, and never sends them in Content-Disposition", async () => {
    const owner = await t.newCaller();
    // U+202E shows "invoice\u202Efdp.exe" as "invoiceexe.pdf".
    const res = await call("POST", "/files", owner.headers, { name: "invoice\u202Efdp.exe", data: "QQ==" });
    expect(res.status).toBe(201);
    const file = await json(res);
    expect(file.name).toBe("invoicefdp.exe");
    const content = await call("GET", `/files/${file.id}/content`, owner.headers);
    expect(content.headers.get("content-disposition")).toBe(`attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`);
    // A name stored before the rule (or by other means) still leaves the header without them.
    const bidi = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u2060\ufeff";
    expect(attachmentDisposition(`a${bidi}b.txt`)).toBe(`attachment; filename="ab.txt"; filename*=UTF-8''ab.txt`);
  });

  it("refuses a body over 15 MB with 413, a file over 10 MB with 413, and data that is not base64 with 400", async () => {
    const { headers } = await t.newCaller();
    const huge = await call("POST", "/files", headers, { name: "huge.bin", data: "A".repeat(16 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect((await json(huge)).error.message).toBe(
      "The request body is larger than 15 MB, the limit for file uploads (10 MB once decoded).",
    );

    const big = await call("POST", "/files", headers, { name: "big.bin", data: Buffer.alloc(10 * 1024 * 1024 + 1024).toString("base64") });
    expect(big.status).toBe(413);
    expect((await json(big)).error).toEqual({ code: "payload_too_large", message: "The file is 10.0 MB; an upload may be at most 10 MB." });

    const bad = await call("POST", "/files", headers, { name: "a.txt", data: "QUJD=RA==" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual([{ path: "data", message: "data must be the file's bytes in base64" }]);

    // The largest upload fits the body limit.
    const largest = await call("POST", "/files", headers, { name: "max.bin", data: Buffer.alloc(10 * 1024 * 1024, 7).toString("base64") });
    expect(largest.status).toBe(201);
    expect((await json(largest)).size).toBe(10 * 1024 * 1024);
  });

  it("gives a run its uploads; GET /runs/{id}/files lists them and its downloads; a retried creation gives them once", async () => {
    const owner = await t.newCaller();
    const a = await json(await call("POST", "/files", owner.headers, { name: "a.pdf", data: "JVBERi0=" }));
    const b = await json(await call("POST", "/files", owner.headers, { name: "b.txt", data: "aGk=" }));
    const headers = { ...owner.headers, "idempotency-key": `files-${a.id}` };
    const created = await call("POST", "/runs", headers, { prompt: "Attach both", files: [b.id, a.id] });
    expect(created.status).toBe(201);
    const run = await json(created);
    const retried = await json(await call("POST", "/runs", headers, { prompt: "Attach both", files: [b.id, a.id] }));
    expect(retried.id).toBe(run.id);
    await saveRunDownload({
      ctx: t.ctx,
      input: {
        runId: run.id,
        stepNumber: 4,
        name: "confirmation.pdf",
        contentType: "application/pdf",
        data: Buffer.from("%PDF"),
        storage: t.storage,
      },
    });

    const listed = await json(await call("GET", `/runs/${run.id}/files`, owner.headers));
    expect(listed.data.map((f: { name: string; origin: string; step_number: number | null }) => [f.origin, f.name, f.step_number])).toEqual(
      [
        ["upload", "b.txt", null],
        ["upload", "a.pdf", null],
        ["download", "confirmation.pdf", 4],
      ],
    );
    const download = listed.data[2];
    const bytes = await call("GET", `/files/${download.id}/content`, owner.headers);
    expect(await bytes.text()).toBe("%PDF");
    expect(bytes.headers.get("content-disposition")).toBe(attachmentDisposition("confirmation.pdf"));

    const again = await call("POST", `/tasks/${run.task_id}/runs`, owner.headers, { prompt: "Once more", files: [a.id] });
    expect(again.status).toBe(201);
    expect(
      (await json(await call("GET", `/runs/${(await json(again)).id}/files`, owner.headers))).data.map((f: { id: string }) => f.id),
    ).toEqual([a.id]);

    const stranger = await t.newCaller();
    expect((await call("GET", `/runs/${run.id}/files`, stranger.headers)).status).toBe(404);
    const foreign = await call("POST", "/runs", stranger.headers, { prompt: "Use theirs", files: [a.id] });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error).toMatchObject({ code: "validation_error", message: `files: no upload with id ${a.id}` });
  });

  it("serves signed storage links as downloads, except images", async () => {
    await t.storage.put("steps/x/1.png", Buffer.from("png"), "image/png");
    await t.storage.put("steps/x/files/y/content", Buffer.from("<svg/>"), "image/svg+xml");
    const png = await fetch(
      `${origin}${new URL(await t.storage.signedUrl("steps/x/1.png", 60)).pathname}${new URL(await t.storage.signedUrl("steps/x/1.png", 60)).search}`,
    );
    expect(png.status).toBe(200);
    expect(png.headers.get("content-disposition")).toBeNull();
    expect(png.headers.get("x-content-type-options")).toBe("nosniff");
    const signed = new URL(await t.storage.signedUrl("steps/x/files/y/content", 60));
    const svg = await fetch(`${origin}${signed.pathname}${signed.search}`);
    expect(svg.headers.get("content-disposition")).toBe("attachment");
    expect(svg.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
