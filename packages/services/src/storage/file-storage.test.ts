import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "./file-storage.ts";

const root = await mkdtemp(path.join(tmpdir(), "errand-files-"));
afterAll(() => rm(root, { recursive: true, force: true }));
const storage = createLocalFileStorage({ root, baseUrl: "http://localhost:3000", secret: Buffer.from("k".repeat(32)) });

describe("local file storage", () => {
  it("stores and reads back a file with its type", async () => {
    await storage.put("steps/abc.jpg", Buffer.from("img"), "image/jpeg");
    expect(await storage.get("steps/abc.jpg")).toEqual({ data: Buffer.from("img"), contentType: "image/jpeg" });
    expect(await storage.get("steps/missing.jpg")).toBeNull();
  });

  it("signs URLs that expire and cannot be altered to reach another file", async () => {
    const url = new URL(await storage.signedUrl("steps/abc.jpg", 600));
    const expires = url.searchParams.get("expires") ?? undefined;
    const signature = url.searchParams.get("signature") ?? undefined;
    expect(storage.verify("steps/abc.jpg", expires, signature)).toBe(true);
    expect(storage.verify("steps/other.jpg", expires, signature)).toBe(false);
    expect(storage.verify("steps/abc.jpg", String(Number(expires) + 1000), signature)).toBe(false);
    const past = new URL(await storage.signedUrl("steps/abc.jpg", -1));
    expect(
      storage.verify("steps/abc.jpg", past.searchParams.get("expires") ?? undefined, past.searchParams.get("signature") ?? undefined),
    ).toBe(false);
  });

  it("refuses keys that escape the storage root", async () => {
    await expect(storage.put("../outside", Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.signedUrl("/etc/passwd", 60)).rejects.toThrow(/Invalid storage key/);
  });
});
