import type { ElementHandle } from "playwright-core";
import { callInPageHandle, loadInPageScript } from "../browser/in-page-script.ts";
import { ActionError } from "../types/actions.ts";
import { actionTimeout, resolveElement, shortError } from "./action-env.ts";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import { chosenList, listboxState, selectNative } from "./list-selection.ts";
import { chooseWithKeys, nextFrame, showsChoice, watchField } from "./suggestion-check.ts";
import { chooseClickedByKeys } from "./suggestion-click.ts";
import type { FieldWatch } from "./suggestion-check.ts";
import type { ActionInput } from "./tool-definitions.ts";

const FIND_OPTION_SOURCE = loadInPageScript(new URL("./in-page/find-option.js", import.meta.url));
const CLICK_TIMEOUT_MS = 3_000;
/** How long a click on a target="_blank" link waits for its tab (a named target may reuse a tab: then it waits this long for nothing). */
const NEW_TAB_TIMEOUT_MS = 3_000;

function label(env: ActionEnv, index: number): string {
  const desc = env.observer.element(index)?.desc;
  return desc ? `[${index}] ${desc}` : `[${index}]`;
}

async function clickElement(env: ActionEnv, element: ElementHandle, index: number): Promise<string> {
  try {
    await element.click({ timeout: actionTimeout(env, CLICK_TIMEOUT_MS) });
    return "";
  } catch (error) {
    const message = shortError(error);
    const log = error instanceof Error ? error.message : "";
    // Clicked, but the page it leads to had not begun loading when the wait ended (a slow server
    // or a busy machine): the batch's settling and the next observation see where it went.
    // Clicking again by script would click twice.
    if (/\bclick action done\b/.test(log)) return " (the page it leads to was still loading)";
    const cover = /<[^>]+> (?:from <[^>]+> subtree )?intercepts pointer events/.exec(log)?.[0];
    if (cover) {
      throw new ActionError(
        `Could not click [${index}]: another element covers it (${cover.replace(/ intercepts pointer events$/, "")}). Close or dismiss it first.`,
      );
    }
    if (/disabled|not enabled/i.test(log)) throw new ActionError(`Could not click [${index}]: it is disabled.`);
    // Not visible, moving, or outside the viewport: a script click still triggers its handlers.
    try {
      await element.evaluate((e) => (e as unknown as { click(): void }).click());
      return " (dispatched by script: the element was not directly clickable)";
    } catch {
      throw new ActionError(`Could not click [${index}]: ${message}`);
    }
  }
}

export async function click(env: ActionEnv, input: ActionInput<"click">): Promise<ActionOutcome> {
  const element = await resolveElement(env, input.index);
  // A link that opens a new tab: wait for the tab itself. The batch notices new tabs after the
  // page settles, but a quiet page settles before a busy machine has announced the tab.
  const newTab = (await opensNewTab(element))
    ? env.context.waitForEvent("page", { timeout: actionTimeout(env, NEW_TAB_TIMEOUT_MS) }).catch(() => null)
    : null;
  const watch = newTab ? null : await watchField(element);
  try {
    const note = await clickElement(env, element, input.index);
    await newTab;
    const wrong = watch ? await wrongChoice(element, watch) : null;
    // Awaited here: the watch (and the field handle) is disposed when this block ends.
    if (watch && wrong !== null)
      return await chooseClickedByKeys(watch, wrong, label(env, input.index), actionTimeout(env, CLICK_TIMEOUT_MS));
    return { ok: true, message: `Clicked ${label(env, input.index)}${note}.` };
  } finally {
    watch?.dispose();
  }
}

/** What the field shows when a click on a suggestion put something else there; null when it is right or untouched. */
async function wrongChoice(element: ElementHandle, watch: FieldWatch): Promise<string | null> {
  await nextFrame(element);
  const now = await watch.now();
  return now !== null && now !== watch.before && !showsChoice(now, watch.choice) ? now : null;
}

export async function hover(env: ActionEnv, input: ActionInput<"hover">): Promise<ActionOutcome> {
  const element = await resolveElement(env, input.index);
  try {
    await element.hover({ timeout: actionTimeout(env, CLICK_TIMEOUT_MS) });
  } catch (error) {
    throw new ActionError(`Could not hover over [${input.index}]: ${shortError(error)}`);
  }
  return { ok: true, message: `Hovering over ${label(env, input.index)}.` };
}

export async function type(env: ActionEnv, input: ActionInput<"type">): Promise<ActionOutcome> {
  let element = await resolveElement(env, input.index);
  // Vault placeholders become their values here and only here; messages name them, never show them.
  const secret = (await env.resolveTyped?.(input.text, element)) ?? null;
  if (secret) input = { ...input, text: secret.text };
  const timeout = actionTimeout(env, CLICK_TIMEOUT_MS);
  try {
    await element.fill(input.text, { timeout });
  } catch (error) {
    const message = shortError(error);
    if (/not an <input>|not an input|contenteditable/i.test(message)) {
      // A wrapper around the real field: type into the field inside it.
      const inner = (await element.$(
        "input:not([type=hidden]), textarea, [contenteditable=''], [contenteditable=true]",
      )) as ElementHandle | null;
      if (!inner) throw new ActionError(`[${input.index}] is not a text field. Pick an input, textarea or editable element.`);
      element = inner;
      await element.fill(input.text, { timeout }).catch((e: unknown) => {
        throw new ActionError(`Could not type into [${input.index}]: ${shortError(e)}`);
      });
    } else if (/malformed value/i.test(message) && !secret) {
      throw new ActionError(`[${input.index}] rejected "${input.text}": ${message}. Date fields take YYYY-MM-DD, time fields HH:MM.`);
    } else {
      throw new ActionError(`Could not type into [${input.index}]: ${message}`);
    }
  }
  const field = await element
    .evaluate((node) => {
      const e = node as unknown as { value?: unknown; type?: string; textContent: string | null };
      return { shown: typeof e.value === "string" ? e.value : (e.textContent ?? ""), password: e.type === "password" };
    })
    .catch(() => ({ shown: input.text, password: false }));
  const { shown, password: isPassword } = field;
  let message = `Typed ${secret ? secret.description : isPassword ? "the password" : JSON.stringify(input.text)} into ${label(env, input.index)}`;
  if (!isPassword && !secret && shown !== input.text) message += `; the field now shows ${JSON.stringify(shown.slice(0, 100))}`;
  if (input.press_enter) {
    await element.press("Enter", { timeout }).catch((e: unknown) => {
      throw new ActionError(`Typed the text but could not press Enter: ${shortError(e)}`);
    });
    message += " and pressed Enter";
  }
  return { ok: true, message: `${message}.` };
}

export async function selectOption(env: ActionEnv, input: ActionInput<"select_option">): Promise<ActionOutcome> {
  const element = await resolveElement(env, input.index);
  const at = label(env, input.index);
  const tag = await element.evaluate((e) => e.tagName);
  if (tag === "SELECT") return selectNative(element, input, at);
  const typed = tag === "INPUT" || tag === "TEXTAREA" ? await element.evaluate((e) => (e as unknown as { value: string }).value) : null;

  // A custom dropdown: open it (unless its options already show), then click the matching option.
  let found = await findOption(element, input.option);
  if (!found.el) {
    await clickElement(env, element, input.index);
    // Poll until the option shows, or the list of options stops changing (it has no such option).
    const deadline = Date.now() + Math.min(2_000, env.remainingMs());
    let previous = "";
    for (;;) {
      found = await findOption(element, input.option);
      const current = found.options.join("\n");
      if (found.el || (current && current === previous) || Date.now() >= deadline) break;
      previous = current;
      await env.page().waitForTimeout(100);
    }
  }
  if (!found.el) {
    const seen = found.options.length
      ? ` Options visible: ${found.options
          .slice(0, 15)
          .map((o) => JSON.stringify(o))
          .join(", ")}.`
      : "";
    throw new ActionError(`Opened [${input.index}] but found no option ${JSON.stringify(input.option)}.${seen}`);
  }
  const box = await listboxState(found.el);
  if (input.add && box?.multi && box.selected) {
    return { ok: true, message: `${JSON.stringify(found.text)} was already selected in ${at}; selected now: ${chosenList(box.chosen)}.` };
  }
  // Ctrl (Cmd on a Mac) + click adds an option to a multi-select list box.
  const modifiers: "ControlOrMeta"[] = input.add && box?.multi ? ["ControlOrMeta"] : [];
  try {
    await found.el.click({ timeout: actionTimeout(env, CLICK_TIMEOUT_MS), modifiers });
  } catch {
    await found.el.evaluate((e) => (e as unknown as { click(): void }).click());
  }
  let message = `Selected ${JSON.stringify(found.text)} in ${at}`;
  if (typed !== null) {
    // An autocomplete field: check it shows the option; where a click picks another, use the keyboard.
    await nextFrame(element);
    const shown = await element.evaluate((e) => (e as unknown as { value: string }).value).catch(() => "");
    if (!showsChoice(shown, found.text)) {
      const byKeys = await chooseWithKeys(element, typed, found.text, actionTimeout(env, CLICK_TIMEOUT_MS));
      if (byKeys === null || !showsChoice(byKeys, found.text)) {
        throw new ActionError(
          `Clicked ${JSON.stringify(found.text)} but ${at} now shows ${JSON.stringify(byKeys ?? shown)}, also after trying the arrow keys.`,
        );
      }
      message += ` with the arrow keys and Enter (a click chose ${JSON.stringify(shown)})`;
    }
  } else if (box?.multi) {
    message += `; selected now: ${chosenList((await listboxState(found.el))?.chosen ?? [])}`;
  } else if (input.add) {
    message += " (it takes one option only)";
  }
  return { ok: true, message: `${message}.` };
}

async function findOption(trigger: ElementHandle, text: string): Promise<{ el: ElementHandle | null; text: string; options: string[] }> {
  const frame = await trigger.ownerFrame();
  if (!frame) return { el: null, text, options: [] };
  const result = await callInPageHandle(frame, FIND_OPTION_SOURCE, { text, trigger });
  const el = (await result.evaluateHandle((r) => (r as { el: unknown }).el)).asElement() as ElementHandle | null;
  const info = await result.evaluate((r) => {
    const res = r as { el: { innerText?: string; textContent: string | null } | null; options: string[] };
    return { options: res.options, text: res.el ? (res.el.innerText || res.el.textContent || "").trim() : "" };
  });
  void result.dispose().catch(() => {});
  return { el, text: info.text || text, options: info.options };
}

/** The element is (inside) a link or form submit whose target is another browsing context. */
async function opensNewTab(element: ElementHandle): Promise<boolean> {
  return element
    .evaluate((node) => {
      // No DOM types in this package: the few members used, typed by hand.
      type Found = { getAttribute(name: string): string | null; form?: Found | null } | null;
      const el = node as unknown as { closest(selector: string): Found };
      const link = el.closest("a[href][target], area[href][target]");
      const button = el.closest("button, input[type=submit], input[type=image]");
      const target = (link?.getAttribute("target") ?? button?.form?.getAttribute("target") ?? "").trim().toLowerCase();
      return target !== "" && target !== "_self" && target !== "_parent" && target !== "_top";
    })
    .catch(() => false);
}
