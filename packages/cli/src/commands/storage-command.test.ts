import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalFileStorage, createS3FileStorage } from "@errand/services/storage";
import { startS3Server } from "@errand/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { spawnCli } from "../testing/spawn-cli.ts";

const s3 = await startS3Server();
afterAll(() => s3.stop());
const s3Env = { S3_URL: s3.url, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };

describe("errand storage migrate", () => {
  it("copies DATA_DIR/files to the bucket with progress and a summary; run again, it uploads nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "errand-cli-storage-"));
    const local = createLocalFileStorage({
      root: path.join(dataDir, "files"),
      baseUrl: "http://localhost:3000",
      secret: Buffer.from("k".repeat(32)),
    });
    await local.put("steps/run-1/1.jpg", Buffer.from("screenshot"), "image/jpeg");
    await local.put("uploads/user-1/file-1/content", Buffer.from("%PDF-1.7"), "application/pdf");
    const env = { DATA_DIR: dataDir, ...s3Env };

    const dry = spawnCli(["storage", "migrate", "--dry-run"], env);
    expect(await dry.exited, dry.output()).toBe(0);
    expect(dry.output()).toContain("would upload steps/run-1/1.jpg (10 B)");
    expect(dry.output()).toContain("2 files: 2 to upload (18 B), 0 already in the bucket, 0 failed.");

    const first = spawnCli(["storage", "migrate"], env);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toMatch(/\[[12]\/2\] uploaded uploads\/user-1\/file-1\/content \(8 B\)/);
    expect(first.output()).toContain("2 files: 2 uploaded (18 B), 0 already in the bucket, 0 failed.");
    const bucket = createS3FileStorage({ ...s3, forcePathStyle: true });
    expect(await bucket.get("uploads/user-1/file-1/content")).toEqual({ data: Buffer.from("%PDF-1.7"), contentType: "application/pdf" });

    const again = spawnCli(["storage", "migrate"], env);
    expect(await again.exited, again.output()).toBe(0);
    expect(again.output()).toContain("2 files: 0 uploaded (0 B), 2 already in the bucket, 0 failed.");
    expect(again.output()).not.toContain(s3.secretAccessKey);
  }, 60_000);

  it("says what to set when S3_URL is not set, and exits non-zero when uploads fail", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "errand-cli-storage-"));
    const unset = spawnCli(["storage", "migrate"], { DATA_DIR: dataDir });
    expect(await unset.exited).toBe(2);
    expect(unset.output()).toContain("S3_URL is not set");

    const wrongKey = spawnCli(["storage", "migrate"], { DATA_DIR: dataDir, ...s3Env, S3_SECRET_ACCESS_KEY: "wrong-secret-value" });
    expect(await wrongKey.exited).toBe(1);
    expect(wrongKey.output()).toContain(`Access to the S3 bucket "${s3.bucket}" at S3_URL ${s3.url} was refused`);
    expect(wrongKey.output()).not.toContain("wrong-secret-value");
  }, 60_000);
});

describe("errand serve with S3_URL", () => {
  it("stops at startup, naming S3_URL and the bucket, when the bucket does not exist", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "errand-cli-storage-"));
    const serve = spawnCli(["serve"], { DATA_DIR: dataDir, ...s3Env, S3_BUCKET: "no-such-bucket" });
    expect(await serve.exited).toBe(1);
    expect(serve.output()).toContain(`errand serve failed: The S3 bucket "no-such-bucket" does not exist at S3_URL ${s3.url}`);
    expect(serve.output()).not.toContain(s3.secretAccessKey);
  }, 60_000);
});
