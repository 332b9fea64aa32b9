import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startS3Server } from "@errand/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalFileStorage, type FileStorage } from "./file-storage.ts";
import { createS3FileStorage } from "./s3-file-storage.ts";

// The same behaviour from both kinds of storage: what services rely on whichever is configured.
const root = await mkdtemp(path.join(tmpdir(), "errand-files-"));
const s3 = await startS3Server();
afterAll(async () => {
  await s3.stop();
  await rm(root, { recursive: true, force: true });
});

const kinds: [string, FileStorage][] = [
  ["local disk", createLocalFileStorage({ root, baseUrl: "http://localhost:3000", secret: Buffer.from("k".repeat(32)) })],
  ["an S3 bucket", createS3FileStorage({ ...s3, forcePathStyle: true })],
];

describe.each(kinds)("file storage on %s", (_, storage) => {
  it("stores a file with its type, reads it back, and replaces it when put again", async () => {
    await storage.put("steps/run-a/1.jpg", Buffer.from("jpeg bytes"), "image/jpeg");
    expect(await storage.get("steps/run-a/1.jpg")).toEqual({ data: Buffer.from("jpeg bytes"), contentType: "image/jpeg" });
    await storage.put("steps/run-a/1.jpg", Buffer.from("png bytes"), "image/png");
    expect(await storage.get("steps/run-a/1.jpg")).toEqual({ data: Buffer.from("png bytes"), contentType: "image/png" });
    expect(await storage.get("steps/run-a/missing.jpg")).toBeNull();
  });

  it("keeps the media type of any file, parameters included", async () => {
    await storage.put("uploads/u1/f1/content", Buffer.from("a,b\n1,2\n"), "text/csv; charset=utf-8");
    expect((await storage.get("uploads/u1/f1/content"))?.contentType).toBe("text/csv; charset=utf-8");
  });

  it("removes everything under a folder and nothing beside it", async () => {
    for (const key of ["steps/run-1/1.jpg", "steps/run-1/files/f/content", "steps/run-10/1.jpg"]) {
      await storage.put(key, Buffer.from(key), "application/octet-stream");
    }
    await storage.removeAll("steps/run-1");
    expect(await storage.get("steps/run-1/1.jpg")).toBeNull();
    expect(await storage.get("steps/run-1/files/f/content")).toBeNull();
    expect((await storage.get("steps/run-10/1.jpg"))?.data.toString()).toBe("steps/run-10/1.jpg");
    await expect(storage.removeAll("steps/never-used")).resolves.toBeUndefined();
  });

  it("removes one file and nothing beside it; a file not there is fine", async () => {
    for (const key of ["steps/run-r/recording.json.gz", "steps/run-r/trace.json.gz"]) {
      await storage.put(key, Buffer.from(key), "application/gzip");
    }
    await storage.remove("steps/run-r/recording.json.gz");
    expect(await storage.get("steps/run-r/recording.json.gz")).toBeNull();
    expect((await storage.get("steps/run-r/trace.json.gz"))?.data.toString()).toBe("steps/run-r/trace.json.gz");
    await expect(storage.remove("steps/run-r/recording.json.gz")).resolves.toBeUndefined();
    await expect(storage.remove("steps/../../x")).rejects.toThrow(/Invalid storage key/);
  });

  it("refuses keys that escape the storage root", async () => {
    await expect(storage.put("../outside", Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.signedUrl("/etc/passwd", 60)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.removeAll("steps/../..")).rejects.toThrow(/Invalid storage key/);
  });
});
