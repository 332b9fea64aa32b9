import type { ElementHandle } from "playwright-core";
import { callInPage, loadInPageScript } from "../../browser/in-page-script.ts";
import type { ControlFacts } from "./classify-action.ts";

const CONTROL_FACTS_SOURCE = loadInPageScript(new URL("../in-page/control-facts.js", import.meta.url));

/** The words and form of the control behind an element; null when the page cannot tell (it went away). */
export async function controlFacts(element: ElementHandle): Promise<ControlFacts | null> {
  const frame = await element.ownerFrame();
  if (!frame) return null;
  return callInPage<ControlFacts>(frame, CONTROL_FACTS_SOURCE, element).catch(() => null);
}
