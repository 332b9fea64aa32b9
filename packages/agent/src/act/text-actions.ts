import type { Page } from "playwright-core";
import { callInPage, loadInPageScript } from "../browser/in-page-script.ts";
import { ActionError } from "../types/actions.ts";
import { resolveElement } from "./action-env.ts";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import { runMemory } from "./run-memory.ts";
import type { ActionInput } from "./tool-definitions.ts";

const SELECT_TEXT_SOURCE = loadInPageScript(new URL("./in-page/select-text.js", import.meta.url));
const FOCUS_STATE_SOURCE = loadInPageScript(new URL("./in-page/focus-state.js", import.meta.url));
/** The most a copy keeps: a page's text, not a whole document. */
const MAX_CLIPBOARD = 20_000;

const preview = (env: ActionEnv, text: string) => JSON.stringify(env.redact(text.length > 80 ? `${text.slice(0, 79)}…` : text));

/** select_text: selects the first occurrence of `text` inside [index] (or the page), or all of [index]. */
export async function selectText(env: ActionEnv, input: ActionInput<"select_text">): Promise<ActionOutcome> {
  if (input.index === undefined && input.text === undefined)
    throw new ActionError("Give the text to select, or the index of the element whose text to select.");
  const element = input.index !== undefined ? await resolveElement(env, input.index) : null;
  const frame = element ? await element.ownerFrame() : env.page().mainFrame();
  if (!frame) throw new ActionError(`Element [${input.index}] is no longer on the page.`);
  const where = input.index !== undefined ? `[${input.index}]` : "the page";
  const result = await callInPage<{ selected?: string; error?: string }>(frame, SELECT_TEXT_SOURCE, {
    el: element,
    text: input.text ?? null,
  });
  if (result.error === "not found") throw new ActionError(`${where} does not contain the text ${JSON.stringify(input.text)}.`);
  if (result.error || result.selected === undefined)
    throw new ActionError(`Could not select text in ${where}: ${result.error ?? "unknown error"}.`);
  return { ok: true, message: `Selected ${preview(env, result.selected)} in ${where}. press_keys Control+c copies it.` };
}

interface FocusState {
  focus: boolean;
  selected: string;
  editable: boolean;
  password: boolean;
  value: string | null;
}

/** The frame with the focus (else the top one), as focus-state.js reads it. */
async function focused(page: Page): Promise<FocusState> {
  let top: FocusState | null = null;
  for (const frame of page.frames()) {
    const state = await callInPage<FocusState>(frame, FOCUS_STATE_SOURCE).catch(() => null);
    if (!state) continue;
    if (frame === page.mainFrame()) top = state;
    if (state.focus && (state.editable || state.selected || frame !== page.mainFrame())) return state;
  }
  return top ?? { focus: false, selected: "", editable: false, password: false, value: null };
}

/** Control+c, Control+x or Control+v (or Meta+ on a Mac): the key press press_keys hands to clipboardKey. */
export function clipboardKind(key: string): "copy" | "cut" | "paste" | null {
  const m = /^(?:Control|Meta|ControlOrMeta)\+([cxv])$/i.exec(key);
  if (!m) return null;
  return ({ c: "copy", x: "cut", v: "paste" } as const)[m[1]!.toLowerCase() as "c" | "x" | "v"];
}

/**
 * Copy, cut and paste with the run's own clipboard: the selected text is kept for this run (the
 * browser's clipboard is shared by every run in it and may not work without a screen), and a
 * paste types it into the focused field as one insertion, as a paste does.
 */
export async function clipboardKey(env: ActionEnv, kind: "copy" | "cut" | "paste"): Promise<string> {
  const page = env.page();
  const memory = runMemory(env.context);
  const state = await focused(page);
  if (kind === "paste") {
    if (memory.clipboard === null) throw new ActionError("Nothing was copied yet: select text (select_text) and press Control+c first.");
    if (!state.editable) throw new ActionError("No text field has the focus to paste into: click the field first.");
    await page.keyboard.insertText(memory.clipboard);
    const after = await focused(page);
    const shows = after.value === null || after.password ? "" : `; the field now shows ${preview(env, after.value)}`;
    return `pasted ${preview(env, memory.clipboard)}${shows}`;
  }
  if (state.password) throw new ActionError("Text in a password field cannot be copied.");
  if (!state.selected) throw new ActionError(`Nothing is selected to ${kind}: select text first (select_text).`);
  memory.clipboard = state.selected.slice(0, MAX_CLIPBOARD);
  if (kind === "cut" && state.editable) await page.keyboard.press("Delete");
  return `${kind === "cut" ? "cut" : "copied"} ${preview(env, memory.clipboard)}`;
}
