import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startS3Server } from "@errand/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "./file-storage.ts";
import { migrateFilesToS3, type MigrationProgress } from "./migrate-files-to-s3.ts";
import { createS3FileStorage } from "./s3-file-storage.ts";

const root = await mkdtemp(path.join(tmpdir(), "errand-migrate-"));
const s3 = await startS3Server();
afterAll(async () => {
  await s3.stop();
  await rm(root, { recursive: true, force: true });
});
const local = createLocalFileStorage({ root, baseUrl: "http://localhost:3000", secret: Buffer.from("k".repeat(32)) });
const target = createS3FileStorage({ ...s3, forcePathStyle: true });
const puts = async () => (await s3.requests()).filter((r) => r.method === "PUT").length;

describe("copying local files to S3", () => {
  it("copies every file with its type once; a second run uploads nothing; a changed file goes again", async () => {
    await local.put("steps/run-1/1.jpg", Buffer.from("first screenshot"), "image/jpeg");
    await local.put("steps/run-1/2.png", Buffer.from("second screenshot"), "image/png");
    await local.put("uploads/user-1/file-1/content", Buffer.from("name,total\n"), "text/csv");
    // A write cut short (no .type) and a leftover temporary file are not copied.
    await writeFile(path.join(root, "steps/run-1/3.jpg"), "half");
    await writeFile(path.join(root, "steps/run-1/4.jpg.tmp"), "tmp");

    const dry = await migrateFilesToS3({ root, target, dryRun: true });
    expect(dry).toMatchObject({ total: 3, uploaded: 3, unchanged: 0, failed: 0, dryRun: true });
    expect(await puts()).toBe(0);
    expect(await target.get("steps/run-1/1.jpg")).toBeNull();

    const seen: MigrationProgress[] = [];
    const first = await migrateFilesToS3({ root, target, onProgress: (p) => seen.push(p) });
    expect(first).toMatchObject({ total: 3, uploaded: 3, unchanged: 0, failed: 0, incomplete: ["steps/run-1/3.jpg"] });
    expect(first.bytes).toBe("first screenshot".length + "second screenshot".length + "name,total\n".length);
    expect(seen.map((p) => p.done).sort()).toEqual([1, 2, 3]);
    expect(seen.every((p) => p.total === 3 && p.outcome === "uploaded")).toBe(true);
    for (const key of ["steps/run-1/1.jpg", "steps/run-1/2.png", "uploads/user-1/file-1/content"]) {
      expect(await target.get(key)).toEqual(await local.get(key));
    }

    const putsBefore = await puts();
    const second = await migrateFilesToS3({ root, target });
    expect(second).toMatchObject({ total: 3, uploaded: 0, unchanged: 3, failed: 0 });
    expect(await puts()).toBe(putsBefore);

    // Same size, other bytes: the ETag tells them apart.
    await local.put("steps/run-1/1.jpg", Buffer.from("FIRST SCREENSHOT"), "image/jpeg");
    const third = await migrateFilesToS3({ root, target });
    expect(third).toMatchObject({ uploaded: 1, unchanged: 2 });
    expect((await target.get("steps/run-1/1.jpg"))?.data.toString()).toBe("FIRST SCREENSHOT");
  });

  it("counts a file it cannot upload as failed and goes on with the rest", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "errand-migrate-bad-"));
    const source = createLocalFileStorage({ root: dir, baseUrl: "http://localhost:3000", secret: Buffer.from("k".repeat(32)) });
    await source.put("steps/run-2/1.jpg", Buffer.from("a"), "image/jpeg");
    await source.put("steps/run-2/2.jpg", Buffer.from("b"), "image/jpeg");
    const wrong = createS3FileStorage({ ...s3, forcePathStyle: true, secretAccessKey: "not-the-secret" });
    const summary = await migrateFilesToS3({ root: dir, target: wrong, onProgress: () => undefined });
    expect(summary).toMatchObject({ total: 2, uploaded: 0, failed: 2 });
    await rm(dir, { recursive: true, force: true });
  });

  it("finds nothing to copy when DATA_DIR/files does not exist", async () => {
    expect(await migrateFilesToS3({ root: path.join(root, "nowhere"), target })).toMatchObject({ total: 0, uploaded: 0, incomplete: [] });
  });
});
