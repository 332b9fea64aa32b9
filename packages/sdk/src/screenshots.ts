import { ErrandError } from "./errors.ts";
import type { HttpClient } from "./http-client.ts";
import type { RequestOptions, Screenshot, ScreenshotOf } from "./types.ts";

const SCREENSHOT_OF: readonly ScreenshotOf[] = ["runs", "steps"];

/** A screenshot's type, checked before it becomes part of a path: "runs" (a run's latest) or "steps". */
export function screenshotType(type: ScreenshotOf): ScreenshotOf {
  if (!SCREENSHOT_OF.includes(type)) throw new TypeError(`A screenshot's type is "runs" or "steps", not ${JSON.stringify(type)}`);
  return type;
}

/**
 * Reads the image behind a signed screenshot link. The link carries its own signature: the API
 * key is not sent with it (the images may be on another host, an S3-compatible storage).
 */
export async function readScreenshot(http: HttpClient, signedUrl: string, options: RequestOptions): Promise<Screenshot> {
  const { signal, timeoutMs, maxRetries } = options;
  const image = await http.download(new URL(signedUrl, http.config.baseUrl).href, { signal, timeoutMs, maxRetries });
  if (!image.contentType.startsWith("image/")) {
    throw new ErrandError(200, "invalid_response", `The screenshot link answered ${image.contentType}, not an image`);
  }
  return image;
}
