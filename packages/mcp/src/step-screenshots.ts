import type { Step } from "@errand/contract";
import type { Errand } from "@errand/sdk";

export interface StepScreenshot {
  step: Step;
  /** base64 */
  data: string;
  mimeType: string;
}

/**
 * The screenshots of these steps, in their order, read through the SDK (the signed link, then the
 * image without the key); a step whose image cannot be read is left out.
 */
export async function stepScreenshots(errand: Errand, steps: Step[], signal: AbortSignal): Promise<StepScreenshot[]> {
  const shots = await Promise.all(
    steps.map(async (step) => {
      const image = await errand.runs.screenshot(step.id, { type: "steps", signal }).catch(() => null);
      return image && { step, data: Buffer.from(image.data).toString("base64"), mimeType: image.contentType };
    }),
  );
  return shots.filter((shot): shot is StepScreenshot => shot !== null);
}
