import type { ElementHandle, Page } from "playwright-core";
import { callInPage, loadInPageScript } from "../../browser/in-page-script.ts";
import type { ControlFacts } from "./classify-action.ts";

const CONTROL_FACTS_SOURCE = loadInPageScript(new URL("../in-page/control-facts.js", import.meta.url));

/** The words and form of the control behind an element; null when the page cannot tell (it went away). */
export async function controlFacts(element: ElementHandle): Promise<ControlFacts | null> {
  const frame = await element.ownerFrame();
  if (!frame) return null;
  return callInPage<ControlFacts>(frame, CONTROL_FACTS_SOURCE, { el: element, enter: false }).catch(() => null);
}

/**
 * What a press of Enter in an element would do, as the control it activates: a button or link
 * itself, or the default button of the field's form (a form submitted by Enter needs approval
 * like a click on its button, docs/adr/0048-approval-before-irreversible-actions.md). Without
 * an element, the element that has the keyboard focus. Null when Enter would submit nothing.
 */
export async function enterFacts(target: ElementHandle | Page): Promise<ControlFacts | null> {
  if ("keyboard" in target)
    return callInPage<ControlFacts | null>(target, CONTROL_FACTS_SOURCE, { el: null, enter: true }).catch(() => null);
  const frame = await target.ownerFrame();
  if (!frame) return null;
  return callInPage<ControlFacts | null>(frame, CONTROL_FACTS_SOURCE, { el: target, enter: true }).catch(() => null);
}
