import type { Step } from "@errand/contract";

/**
 * How screenshots are read. The SDK has no screenshot call yet, so this asks the API itself
 * (GET /api/v1/steps/{id}/screenshot, with the same key) and then reads the signed URL it gives.
 */
export interface ScreenshotAccess {
  baseUrl: string;
  apiKey: string | undefined;
  /** The fetch the Errand client uses (the in-process app for /mcp, the network for stdio). */
  fetch: typeof fetch;
}

export interface StepScreenshot {
  step: Step;
  /** base64 */
  data: string;
  mimeType: string;
}

/** The screenshots of these steps, in their order; a step whose image cannot be read is left out. */
export async function stepScreenshots(access: ScreenshotAccess, steps: Step[], signal: AbortSignal): Promise<StepScreenshot[]> {
  const shots = await Promise.all(steps.map((step) => readScreenshot(access, step, signal).catch(() => null)));
  return shots.filter((shot): shot is StepScreenshot => shot !== null);
}

async function readScreenshot(access: ScreenshotAccess, step: Step, signal: AbortSignal): Promise<StepScreenshot | null> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (access.apiKey) headers["x-api-key"] = access.apiKey;
  const answer = await access.fetch(`${access.baseUrl}/api/v1/steps/${encodeURIComponent(step.id)}/screenshot`, { headers, signal });
  if (!answer.ok) return null;
  const { signed_url: signedUrl } = (await answer.json()) as { signed_url: string };
  // A signed URL needs no key: never send it to the storage (S3 may be another host).
  const image = await access.fetch(signedUrl, { signal });
  if (!image.ok) return null;
  const mimeType = image.headers.get("content-type")?.split(";")[0]?.trim() || "image/png";
  if (!mimeType.startsWith("image/")) return null;
  return { step, data: Buffer.from(await image.arrayBuffer()).toString("base64"), mimeType };
}
