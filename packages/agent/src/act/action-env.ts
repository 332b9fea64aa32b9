import type { BrowserContext, ElementHandle, Page } from "playwright-core";
import type { Observer } from "../observe/create-observer.ts";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { ActionError, type Obstacle } from "../types/actions.ts";
import type { AgentFile } from "../types/files.ts";

/** What an action tells the model (tool result) and the step record. */
export interface ActionOutcome {
  ok: boolean;
  /** The tool result the model reads: what happened, or a clear error. */
  message: string;
  /** Content the action produced for the task (extract's answer). */
  extractedContent?: string;
  /** What stood in its way, when it failed for a reason a failed run is put down to. */
  obstacle?: Obstacle;
}

export interface ExtractModel {
  /** One model call without tools; returns the answer text. Tokens are counted by the caller. */
  ask(system: string, user: string, signal: AbortSignal): Promise<string>;
}

/** Everything an action needs: the run's tabs, the latest observation, policies and time left. */
export interface ActionEnv {
  context: BrowserContext;
  /** The tab the agent works in. */
  page(): Page;
  setPage(page: Page): void;
  /** Makes a tab safe to navigate (the network guard watches its redirects). */
  prepareTab(page: Page): Promise<void>;
  observer: Observer;
  policy: AddressPolicy;
  signal: AbortSignal;
  /** Milliseconds left before the session timeout. */
  remainingMs(): number;
  extractModel: ExtractModel;
  /** Strings to hide from the model (applied to extracted page text). */
  redact(text: string): string;
  /** Elements a replay found by their recorded locators, by the index its actions name. */
  pinned?: Map<number, ElementHandle>;
  /**
   * The vault (safety/secrets/credentials.ts): `type`'s text with its {{secret:...}} placeholders replaced
   * by the values, and how to say what was typed without them; null when it has none.
   */
  resolveTyped?(text: string, element: ElementHandle): Promise<{ text: string; description: string } | null>;
  /** The vault's sign-in link for `navigate`'s and `open_tab`'s `{{secret:<name>.email_link}}`, and how to name it; null for any other url. */
  resolveLink?(url: string): Promise<{ url: string; description: string } | null>;
  /** Files attached to the run (upload_file); their paths are never shown to the model. */
  files?: AgentFile[];
}

/** An action timeout that never outlives the session. */
export function actionTimeout(env: ActionEnv, ms: number): number {
  return Math.max(500, Math.min(ms, env.remainingMs()));
}

/** The live element behind an index of the latest observation. */
export async function resolveElement(env: ActionEnv, index: number): Promise<ElementHandle> {
  const pinned = env.pinned?.get(index);
  if (pinned) return pinned;
  const ref = env.observer.element(index);
  if (!ref) {
    throw new ActionError(
      `There is no element [${index}] on the current page. Use an index from the latest page state.`,
      "element_not_found",
    );
  }
  let element: ElementHandle | null;
  try {
    const handle = await ref.result.evaluateHandle((r, i) => (r as { els: unknown[] }).els[i], ref.position);
    element = handle.asElement() as ElementHandle | null;
    if (element && !(await element.evaluate((e) => e.isConnected))) element = null;
  } catch {
    element = null;
  }
  if (!element) {
    throw new ActionError(`Element [${index}] is no longer on the page (the page changed). Use the new page state.`, "element_not_found");
  }
  return element;
}

/** First line of a Playwright error, without its call log. */
export function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message
      .split("\n")[0]
      ?.replace(/^\w+\.\w+: /, "")
      .slice(0, 300) ?? "unknown error"
  );
}
