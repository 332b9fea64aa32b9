import { createHash } from "node:crypto";
import {
  DOWNLOAD_MAX_BYTES,
  RUN_DOWNLOADS_MAX,
  UPLOAD_MAX_BYTES,
  UPLOADS_MAX_BYTES_PER_ACCOUNT,
  UPLOADS_MAX_PER_ACCOUNT,
} from "@errand/contract";
import { files, runFiles, tasks, tasksRuns, type Db } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest as it, testCaller, refusal, testFileStorage } from "../testing.ts";

import { createRunForTask, createTaskWithRun } from "../runs/index.ts";
import { deleteFile, getFile, listFiles, listRunFiles, loadRunUploads, readFileContent, saveRunDownload, uploadFile } from "./index.ts";
import { deleteTask } from "../tasks/index.ts";
import type { ServiceContext } from "../index.ts";

let db: Db;
let ctx: ServiceContext;
const storage = testFileStorage("files", "files-test-secret-0123456789-abcdef");

it.beforeAll(({ db: fileDb, ctx: fileCtx }) => {
  db = fileDb;
  ctx = fileCtx;
});

async function owner() {
  const user = await createTestAccount(ctx);
  return { user, caller: testCaller(user.id) };
}

const upload = (caller: ReturnType<typeof testCaller>, name: string, bytes: Buffer | string, contentType?: string) =>
  uploadFile({
    ctx,
    caller,
    input: { body: { name, data: Buffer.from(bytes).toString("base64"), ...(contentType ? { content_type: contentType } : {}) }, storage },
  });

/** A new owner's run of a task given one file they uploaded: the caller, the upload and the run. */
async function runGivenUpload(prompt: string, name: string, bytes: string) {
  const { caller } = await owner();
  const given = await upload(caller, name, bytes);
  const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt, files: [given.id] } } });
  return { caller, given, run };
}

describe("uploads", () => {
  it("keeps an upload, lists it newest first and reads back the same bytes", async () => {
    const { caller } = await owner();
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 10, 13]);
    const first = await upload(caller, "Rechnung März.PDF", bytes);
    expect(first).toEqual({
      id: expect.any(String),
      origin: "upload",
      name: "Rechnung März.PDF",
      content_type: "application/pdf",
      size: 8,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      run_id: null,
      step_number: null,
      created_at: expect.any(String),
      content_url: `http://localhost:3000/api/v1/files/${first.id}/content`,
    });
    const second = await upload(caller, "notes", "hello", "Text/Plain");
    expect(second.content_type).toBe("text/plain");
    expect((await listFiles({ ctx, caller, input: {} })).data.map((f) => f.id)).toEqual([second.id, first.id]);
    expect((await listFiles({ ctx, caller, input: { limit: 1 } })).data.map((f) => f.id)).toEqual([second.id]);
    expect(await getFile({ ctx, caller, input: { fileId: first.id } })).toEqual(first);
    const content = await readFileContent({ ctx, caller, input: { fileId: first.id, storage } });
    expect(content).toEqual({ name: "Rechnung März.PDF", contentType: "application/pdf", data: bytes });
    // Unknown extensions are bytes.
    expect((await upload(caller, "data.weird", "x")).content_type).toBe("application/octet-stream");
  });

  it("reports another user's file as missing everywhere", async () => {
    const { caller } = await owner();
    const stranger = (await owner()).caller;
    const file = await upload(caller, "private.txt", "mine");
    // One at a time: a refusal not awaited yet would be an unhandled rejection.
    for (const call of [
      () => getFile({ ctx, caller: stranger, input: { fileId: file.id } }),
      () => readFileContent({ ctx, caller: stranger, input: { fileId: file.id, storage } }),
      () => deleteFile({ ctx, caller: stranger, input: { fileId: file.id, storage } }),
    ]) {
      expect((await refusal(call())).code).toBe("not_found");
    }
    expect((await listFiles({ ctx, caller: stranger, input: {} })).data).toEqual([]);
    expect((await readFileContent({ ctx, caller, input: { fileId: file.id, storage } })).data.toString()).toBe("mine");
  });

  it("refuses data that is not base64, a file over the limit, and a name with a folder or control characters", async () => {
    const { caller } = await owner();
    const body = (b: Record<string, unknown>) => uploadFile({ ctx, caller, input: { body: b, storage } });
    for (const data of ["not base64!", "QUJD=RA==", "QUJDR", "QQ=", "===="]) {
      const bad = await refusal(body({ name: "a.txt", data }));
      expect(bad.code, data).toBe("validation_error");
      expect(bad.fields.data, data).toMatch(/base64/);
    }
    // MIME line breaks are fine, and unpadded base64 too.
    expect((await body({ name: "a.txt", data: "aGVs\r\nbG8=" })).size).toBe(5);
    expect((await body({ name: "a.txt", data: "aGVsbG8" })).size).toBe(5);

    const tooBig = await refusal(body({ name: "big.bin", data: Buffer.alloc(UPLOAD_MAX_BYTES + 1).toString("base64") }));
    expect(tooBig).toMatchObject({ code: "payload_too_large", message: "The file is 10.0 MB; an upload may be at most 10 MB." });

    const names = await refusal(body({ name: "../etc/passwd", data: "QQ==" }));
    expect(names.fields.name).toBe("name must be a file name, without folders (no / or \\)");
    expect((await refusal(body({ name: "a\u0000b.txt", data: "QQ==" }))).fields.name).toBe("name must not contain control characters");
    expect((await refusal(body({ name: "a.txt", data: "QQ==", content_type: "pdf" }))).fields.content_type).toMatch(/media type/);
    expect((await listFiles({ ctx, caller, input: {} })).data.map((f) => f.size)).toEqual([5, 5]);
  });

  it("strips bidi controls and invisible format characters from names, keeping the joiners scripts and emoji need", async () => {
    const { caller } = await owner();
    const hidden = [
      "\u061c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200b",
      "\u2060",
      "\ufeff",
    ];
    for (const ch of hidden) expect((await upload(caller, `invoice${ch}fdp.exe`, "x")).name, escape(ch)).toBe("invoicefdp.exe");
    expect((await upload(caller, "\u202e\u2066 report.pdf", "x")).name).toBe("report.pdf");
    expect((await upload(caller, "family \u{1F468}\u200d\u{1F469}\u200d\u{1F467}.png", "x")).name).toBe(
      "family \u{1F468}\u200d\u{1F469}\u200d\u{1F467}.png",
    );
    expect((await upload(caller, "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt", "x")).name).toBe(
      "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt",
    );
    expect((await refusal(uploadFile({ ctx, caller, input: { body: { name: "\u202e\u2066", data: "QQ==" }, storage } }))).fields.name).toBe(
      "name is required",
    );
  });

  it("refuses an upload past the account's number of uploads or their total size, and keeps nothing of it", async () => {
    const { user, caller } = await owner();
    const kept = {
      userId: user.id,
      workspaceId: user.id,
      origin: "upload" as const,
      contentType: "text/plain",
      sha256: "0".repeat(64),
      storageKey: "uploads/none/content",
    };
    await db
      .insert(files)
      .values(Array.from({ length: UPLOADS_MAX_PER_ACCOUNT - 1 }, (_, i) => ({ ...kept, name: `old-${i}.txt`, sizeBytes: 1 })));
    await upload(caller, "last.txt", "fits");
    const full = await refusal(upload(caller, "one-more.txt", "x"));
    expect(full.code).toBe("conflict");
    expect(full.message).toContain(`at most ${UPLOADS_MAX_PER_ACCOUNT} uploads`);

    const other = await owner();
    await db.insert(files).values({
      ...kept,
      userId: other.user.id,
      workspaceId: other.user.id,
      name: "big.bin",
      sizeBytes: UPLOADS_MAX_BYTES_PER_ACCOUNT - 3,
    });
    await upload(other.caller, "three.txt", "abc");
    const heavy = await refusal(upload(other.caller, "four.txt", "d"));
    expect(heavy.message).toContain("can take at most 1 GB");
    expect((await listFiles({ ctx, caller: other.caller, input: {} })).data.map((f) => f.name)).toEqual(["three.txt", "big.bin"]);
  });

  it("deleting an upload removes its bytes; runs given it keep their downloads and lose the link", async () => {
    const { caller } = await owner();
    const file = await upload(caller, "form.pdf", "%PDF-1");
    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Fill the form", files: [file.id] } } });
    await saveRunDownload({ ctx, input: { runId: run.id, stepNumber: 2, name: "receipt.pdf", data: Buffer.from("r"), storage } });
    const [row] = await db.select().from(files).where(eq(files.id, file.id));
    await deleteFile({ ctx, caller, input: { fileId: file.id, storage } });
    expect(await storage.get(row!.storageKey)).toBeNull();
    expect((await refusal(getFile({ ctx, caller, input: { fileId: file.id } }))).code).toBe("not_found");
    expect((await listRunFiles({ ctx, caller, input: { runId: run.id } })).data.map((f) => f.name)).toEqual(["receipt.pdf"]);
  });
});

describe("files given to runs", () => {
  it("gives a run its uploads in order, lists them, and opens them for the worker", async () => {
    const { caller } = await owner();
    const a = await upload(caller, "a.csv", "x,y\n1,2\n");
    const b = await upload(caller, "b.png", Buffer.from([137, 80, 78, 71]));
    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Import the data", files: [b.id, a.id, b.id] } } });
    expect((await listRunFiles({ ctx, caller, input: { runId: run.id } })).data.map((f) => f.id)).toEqual([b.id, a.id]);
    const opened = await loadRunUploads({ ctx, input: { runId: run.id, storage } });
    expect(opened.map(({ id, name, contentType, size }) => ({ id, name, contentType, size }))).toEqual([
      { id: b.id, name: "b.png", contentType: "image/png", size: 4 },
      { id: a.id, name: "a.csv", contentType: "text/csv", size: 8 },
    ]);
    expect(opened[1]!.data.toString()).toBe("x,y\n1,2\n");

    // The same upload serves a later run of the task.
    const again = await createRunForTask({
      ctx,
      caller,
      input: { taskId: run.taskId, settings: { prompt: "Import again", files: [a.id] } },
    });
    expect((await listRunFiles({ ctx, caller, input: { runId: again.id } })).data.map((f) => f.id)).toEqual([a.id]);
    expect(await loadRunUploads({ ctx, input: { runId: run.id, storage } })).toHaveLength(2);
  });

  it("refuses a run naming an unknown upload or another user's, and creates nothing", async () => {
    const { user, caller } = await owner();
    const mine = await upload(caller, "mine.txt", "1");
    const theirs = await upload((await owner()).caller, "theirs.txt", "2");
    const unknown = "00000000-0000-4000-8000-000000000000";
    const refused = await refusal(
      createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Use them", files: [mine.id, theirs.id, unknown] } } }),
    );
    expect(refused).toMatchObject({ code: "validation_error", message: `files: no upload with id ${theirs.id}, ${unknown}` });
    expect(await db.select().from(tasks).where(eq(tasks.userId, user.id))).toEqual([]);

    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Plain" } } });
    expect(
      (await refusal(createRunForTask({ ctx, caller, input: { taskId: run.taskId, settings: { prompt: "Again", files: [theirs.id] } } })))
        .code,
    ).toBe("validation_error");
    expect(await db.select().from(tasksRuns).where(eq(tasksRuns.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(runFiles).where(eq(runFiles.runId, run.id))).toEqual([]);
    // A download is not an upload: it cannot be given to a run.
    const download = await saveRunDownload({
      ctx,
      input: { runId: run.id, stepNumber: 1, name: "d.txt", data: Buffer.from("d"), storage },
    });
    expect(
      (await refusal(createTaskWithRun({ ctx, caller, input: { settings: { prompt: "x", files: [download.id] } } }))).fields.files,
    ).toBe(`no upload with id ${download.id}`);
  });

  it("reports another user's run as missing", async () => {
    const { caller } = await owner();
    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Mine" } } });
    expect((await refusal(listRunFiles({ ctx, caller: (await owner()).caller, input: { runId: run.id } }))).code).toBe("not_found");
  });
});

describe("downloads kept with runs", () => {
  it("lists a run's downloads after its uploads, in the order they came, with their steps", async () => {
    const { caller, given, run } = await runGivenUpload("Download reports", "in.txt", "in");
    const first = await saveRunDownload({
      ctx,
      input: {
        runId: run.id,
        stepNumber: 3,
        name: "report.csv",
        contentType: "text/csv; charset=utf-8",
        data: Buffer.from("a,b"),
        storage,
      },
    });
    const second = await saveRunDownload({
      ctx,
      input: { runId: run.id, stepNumber: 5, name: "../evil\u0007name.html", contentType: "not a type", data: Buffer.from("<p>"), storage },
    });
    expect(first).toMatchObject({ origin: "download", run_id: run.id, step_number: 3, content_type: "text/csv", size: 3 });
    expect(second).toMatchObject({ name: "evilname.html", content_type: "text/html", step_number: 5 });
    const reordered = await saveRunDownload({
      ctx,
      input: { runId: run.id, stepNumber: 6, name: "statement\u2067\u202Efdp.exe\u2069", data: Buffer.from("MZ"), storage },
    });
    expect(reordered.name).toBe("statementfdp.exe");
    const listed = (await listRunFiles({ ctx, caller, input: { runId: run.id } })).data;
    expect(listed.map((f) => [f.origin, f.name, f.step_number])).toEqual([
      ["upload", "in.txt", null],
      ["download", "report.csv", 3],
      ["download", "evilname.html", 5],
      ["download", "statementfdp.exe", 6],
    ]);
    expect((await readFileContent({ ctx, caller, input: { fileId: first.id, storage } })).data.toString()).toBe("a,b");
    // Downloads are not uploads: GET /files lists only uploads.
    expect((await listFiles({ ctx, caller, input: {} })).data.map((f) => f.id)).toEqual([given.id]);
  });

  it(`keeps at most ${RUN_DOWNLOADS_MAX} downloads a run, each at most ${DOWNLOAD_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const { caller } = await owner();
    const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "Many" } } });
    const tooBig = await refusal(
      saveRunDownload({
        ctx,
        input: { runId: run.id, stepNumber: 1, name: "big.bin", data: Buffer.alloc(DOWNLOAD_MAX_BYTES + 1), storage },
      }),
    );
    expect(tooBig.code).toBe("payload_too_large");
    for (let i = 0; i < RUN_DOWNLOADS_MAX; i++) {
      await saveRunDownload({ ctx, input: { runId: run.id, stepNumber: 1, name: `f${i}.txt`, data: Buffer.from(String(i)), storage } });
    }
    const over = await refusal(
      saveRunDownload({ ctx, input: { runId: run.id, stepNumber: 2, name: "one-more.txt", data: Buffer.from("x"), storage } }),
    );
    expect(over).toMatchObject({ code: "conflict", message: `A run keeps at most ${RUN_DOWNLOADS_MAX} downloads.` });
    expect((await listRunFiles({ ctx, caller, input: { runId: run.id } })).data).toHaveLength(RUN_DOWNLOADS_MAX);
  });

  it("deleting the task removes its runs' downloads with their stored bytes, and keeps the uploads", async () => {
    const { caller, given, run } = await runGivenUpload("Fetch", "keep.txt", "keep");
    const download = await saveRunDownload({
      ctx,
      input: { runId: run.id, stepNumber: 1, name: "invoice.pdf", data: Buffer.from("%PDF"), storage },
    });
    const [row] = await db.select().from(files).where(eq(files.id, download.id));
    expect(await storage.get(row!.storageKey)).not.toBeNull();
    await deleteTask({ ctx, caller, input: { taskId: run.taskId, storage } });
    expect(await storage.get(row!.storageKey)).toBeNull();
    expect(await db.select().from(files).where(eq(files.id, download.id))).toEqual([]);
    expect((await readFileContent({ ctx, caller, input: { fileId: given.id, storage } })).data.toString()).toBe("keep");
  });
});
