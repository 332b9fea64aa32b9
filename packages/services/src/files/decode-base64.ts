import { UPLOAD_MAX_BYTES } from "@errand/contract";
import { invalid, ServiceError } from "../errors.ts";

const MB = 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*$/;

/**
 * An upload's bytes from base64, strictly: line breaks and spaces are ignored (MIME wraps lines),
 * anything else that is not the base64 alphabet, or padding that does not add up, is refused
 * (Node's own decoder would skip it silently). Too many bytes is refused before decoding.
 */
export function decodeBase64Upload(text: string): Buffer {
  const compact = text.replace(/[\r\n\t ]+/g, "");
  const unpadded = compact.replace(/={1,2}$/, "");
  const padding = compact.length - unpadded.length;
  const wellFormed =
    unpadded.length > 0 && BASE64.test(unpadded) && unpadded.length % 4 !== 1 && (padding === 0 || compact.length % 4 === 0);
  if (!wellFormed) throw invalid([{ path: "data", message: "data must be the file's bytes in base64" }]);
  const bytes = Math.floor((unpadded.length * 3) / 4);
  if (bytes > UPLOAD_MAX_BYTES) {
    throw new ServiceError(
      "payload_too_large",
      `The file is ${(bytes / MB).toFixed(1)} MB; an upload may be at most ${UPLOAD_MAX_BYTES / MB} MB.`,
    );
  }
  return Buffer.from(unpadded, "base64");
}
