import { assertStorageKey, type FileStorage } from "./file-storage.ts";
import { createS3Client, type S3ObjectInfo, type S3Options } from "./s3-client.ts";

/** Images a browser may show in place, by the key's extension (screenshots are `<n>.jpg` or `.png`). */
const INLINE_IMAGES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export interface S3FileStorage extends FileStorage {
  readonly origin: string;
  /** HeadBucket, with an error naming S3_URL and the bucket when it cannot be used. */
  checkBucket(): Promise<void>;
  /** Size, ETag and type of a stored object, or null. */
  stat(key: string): Promise<S3ObjectInfo | null>;
}

/**
 * Files in an S3-compatible bucket under the same keys as on local disk. Signed URLs are the
 * store's own (SigV4, query-signed, expiring), so the store checks them and `verify` (the app's
 * /files route) refuses everything. `listPageSize` exists for tests of pagination.
 */
export function createS3FileStorage(options: S3Options & { listPageSize?: number }): S3FileStorage {
  const s3 = createS3Client(options);
  return {
    origin: s3.origin,
    async put(key, data, contentType) {
      assertStorageKey(key);
      await s3.putObject(key, data, contentType);
    },
    async get(key) {
      assertStorageKey(key);
      return s3.getObject(key);
    },
    async signedUrl(key, expiresInSeconds) {
      assertStorageKey(key);
      const image = INLINE_IMAGES[key.slice(key.lastIndexOf(".") + 1)];
      // The store cannot add nosniff or a sandbox as the local route does: anything that is not
      // an image is served as an opaque download, never as a page on the store's origin.
      const headers: Record<string, string> = image
        ? { "response-content-type": image }
        : { "response-content-type": "application/octet-stream", "response-content-disposition": "attachment" };
      return s3.presignGet(key, expiresInSeconds, headers);
    },
    verify() {
      return false;
    },
    async removeAll(prefix) {
      assertStorageKey(prefix);
      // Collect first, then delete: deleting while paging would move the continuation point.
      const keys: string[] = [];
      let next: string | undefined;
      do {
        const page = await s3.listKeys(`${prefix}/`, next, options.listPageSize);
        keys.push(...page.keys);
        next = page.next;
      } while (next);
      for (let at = 0; at < keys.length; at += 1000) await s3.deleteKeys(keys.slice(at, at + 1000));
    },
    async remove(key) {
      assertStorageKey(key);
      await s3.deleteKeys([key]);
    },
    checkBucket: () => s3.headBucket(),
    async stat(key) {
      assertStorageKey(key);
      return s3.headObject(key);
    },
  };
}
