import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { startS3Server } from "@errand/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { createS3FileStorage } from "./s3-file-storage.ts";

const s3 = await startS3Server();
afterAll(() => s3.stop());
const options = { ...s3, forcePathStyle: true };
const storage = createS3FileStorage(options);

describe("S3 file storage", () => {
  it("signs URLs that fetch the file with no credentials, shown in place when it is an image", async () => {
    await storage.put("steps/run-s/1.jpg", Buffer.from("jpeg bytes"), "image/jpeg");
    const url = await storage.signedUrl("steps/run-s/1.jpg", 600);
    expect(new URL(url).origin).toBe(storage.origin);
    expect(url).not.toContain(s3.secretAccessKey);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(await response.text()).toBe("jpeg bytes");
  });

  it("serves anything that is not an image as a download of opaque bytes", async () => {
    await storage.put("steps/run-s/files/f1/content", Buffer.from("<script>alert(1)</script>"), "text/html");
    const response = await fetch(await storage.signedUrl("steps/run-s/files/f1/content", 600));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe("attachment");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
  });

  it("refuses a signed URL once it has expired, or when its key, expiry or signature is changed", async () => {
    await storage.put("steps/run-s/2.png", Buffer.from("png"), "image/png");
    await storage.put("steps/run-s/3.png", Buffer.from("other"), "image/png");
    const url = new URL(await storage.signedUrl("steps/run-s/2.png", 600));

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace("2.png", "3.png");
    const longer = new URL(url);
    longer.searchParams.set("X-Amz-Expires", "604800");
    const unsigned = new URL(url);
    unsigned.search = "";
    const inline = new URL(url);
    inline.searchParams.delete("response-content-type");
    for (const altered of [otherKey, longer, unsigned, inline]) {
      const response = await fetch(altered);
      expect(response.status, altered.toString()).toBe(403);
      expect(await response.text()).not.toContain("png");
    }

    // Signed an hour ago for ten minutes: expired now.
    const signedEarlier = createS3FileStorage({ ...options, now: () => new Date(Date.now() - 3600_000) });
    const expired = await fetch(await signedEarlier.signedUrl("steps/run-s/2.png", 600));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
  });

  it("puts the bucket in the host name when path style is off", async () => {
    const hosted = createS3FileStorage({
      ...options,
      url: "https://s3.eu-west-1.amazonaws.com",
      region: "eu-west-1",
      forcePathStyle: false,
    });
    const url = new URL(await hosted.signedUrl("steps/run-s/1.jpg", 600));
    expect(`${url.origin}${url.pathname}`).toBe("https://errand-test.s3.eu-west-1.amazonaws.com/steps/run-s/1.jpg");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(/\/eu-west-1\/s3\/aws4_request$/);
    expect(hosted.origin).toBe("https://errand-test.s3.eu-west-1.amazonaws.com");
  });

  it("leaves signed URLs to the store: the app's /files check refuses them all", async () => {
    const url = new URL(await storage.signedUrl("steps/run-s/1.jpg", 600));
    expect(
      storage.verify(
        "steps/run-s/1.jpg",
        url.searchParams.get("X-Amz-Expires") ?? undefined,
        url.searchParams.get("X-Amz-Signature") ?? undefined,
      ),
    ).toBe(false);
  });

  it("removes a folder of more objects than one listing page holds", async () => {
    const paged = createS3FileStorage({ ...options, listPageSize: 4 });
    const keys = Array.from({ length: 11 }, (_, i) => `steps/run-many/${i + 1}.jpg`);
    for (const key of keys) await paged.put(key, Buffer.from(key), "image/jpeg");
    await paged.put("steps/run-many-other/1.jpg", Buffer.from("kept"), "image/jpeg");
    const before = (await s3.requests()).length;
    await paged.removeAll("steps/run-many");
    const listings = (await s3.requests()).slice(before).filter((r) => r.method === "GET" && r.url.includes("list-type=2"));
    expect(listings.length).toBe(3);
    for (const key of keys) expect(await paged.stat(key)).toBeNull();
    expect((await paged.get("steps/run-many-other/1.jpg"))?.data.toString()).toBe("kept");
  });

  it("names S3_URL and the bucket when the bucket does not exist", async () => {
    await expect(storage.checkBucket()).resolves.toBeUndefined();
    const missing = createS3FileStorage({ ...options, bucket: "no-such-bucket" });
    await expect(missing.checkBucket()).rejects.toThrow(`The S3 bucket "no-such-bucket" does not exist at S3_URL ${s3.url}`);
  });

  it("never repeats the secret key in its errors", async () => {
    const wrongSecret = `${s3.secretAccessKey}-but-wrong`;
    const errors: string[] = [];
    const wrong = createS3FileStorage({ ...options, secretAccessKey: wrongSecret });
    for (const attempt of [
      () => wrong.checkBucket(),
      () => wrong.put("steps/x/1.jpg", Buffer.from("x"), "image/jpeg"),
      () => wrong.get("steps/x/1.jpg"),
    ]) {
      errors.push(
        await attempt().then(
          () => "no error",
          (error: Error) => error.message,
        ),
      );
    }
    expect(errors[0]).toMatch(/refused: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION/);
    expect(errors[1]).toMatch(/Storing steps\/x\/1.jpg failed: 403 SignatureDoesNotMatch/);

    // A store that is not there: the network error names the address, not the key.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = createS3FileStorage({
      ...options,
      url: `http://${s3.accessKeyId}:${wrongSecret}@127.0.0.1:${port}`,
      secretAccessKey: wrongSecret,
    });
    const network = await away.get("steps/x/1.jpg").then(
      () => "no error",
      (error: Error) => error.message,
    );
    expect(network).toMatch(new RegExp(`Reading steps/x/1.jpg failed: ECONNREFUSED.*S3_URL http://127.0.0.1:${port}`));
    errors.push(network);
    for (const message of errors) expect(message).not.toContain(wrongSecret);
  });

  it("gives up on a store that does not answer", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const stuck = createS3FileStorage({ ...options, url, timeoutMs: 300 });
      await expect(stuck.get("steps/x/1.jpg")).rejects.toThrow(/Reading steps\/x\/1.jpg failed: no answer within 0.3 s/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
