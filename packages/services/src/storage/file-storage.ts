import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where screenshots and other files go: local disk (the default) or an S3-compatible bucket. */
export interface FileStorage {
  /** The origin signed URLs point to when it is not BASE_URL (S3): pages must allow its images. */
  readonly origin?: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** A URL that works without credentials until `expiresInSeconds` pass. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * Checks a signed URL's query for the app's /files route (local storage serves files itself).
   * S3 storage's URLs point at the store, which checks them: its `verify` is always false.
   */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean;
  /** Deletes every file under `prefix/` (e.g. "steps/<run id>"); nothing there is fine. */
  removeAll(prefix: string): Promise<void>;
  /** Deletes one file; none there is fine. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key: ${key}`);
}

/** Files under DATA_DIR/files, served by the app at /files/<key>?expires=&signature=. */
export function createLocalFileStorage(options: { root: string; baseUrl: string; secret: Buffer }): FileStorage {
  const file = (key: string) => {
    assertStorageKey(key);
    return path.join(options.root, key);
  };
  const sign = (key: string, expires: string) => createHmac("sha256", options.secret).update(`${key}\n${expires}`).digest("base64url");
  return {
    async put(key, data, contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      await writeFile(`${target}.tmp`, data);
      await rename(`${target}.tmp`, target);
      await writeFile(`${target}.type`, contentType);
    },
    async get(key) {
      try {
        const [data, contentType] = await Promise.all([readFile(file(key)), readFile(`${file(key)}.type`, "utf8")]);
        return { data, contentType };
      } catch {
        return null;
      }
    },
    async signedUrl(key, expiresInSeconds) {
      assertStorageKey(key);
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      return `${options.baseUrl}/files/${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    async removeAll(prefix) {
      await rm(file(prefix), { recursive: true, force: true });
    },
    async remove(key) {
      await Promise.all([rm(file(key), { force: true }), rm(`${file(key)}.type`, { force: true })]);
    },
    verify(key, expires, signature) {
      if (!expires || !signature || !KEY_PATTERN.test(key)) return false;
      if (!/^\d+$/.test(expires) || Number(expires) < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
