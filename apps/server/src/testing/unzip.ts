import { inflateRawSync } from "node:zlib";

/** The files of a ZIP by name, read from its local headers (stored or deflated; what run bundles hold). */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const compressed = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extraLength;
    const body = zip.subarray(start, start + compressed);
    files.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    at = start + compressed;
  }
  return files;
}
