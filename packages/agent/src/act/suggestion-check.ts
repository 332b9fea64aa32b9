import type { ElementHandle, JSHandle } from "playwright-core";
import { callInPage, callInPageHandle, loadInPageScript } from "../browser/in-page-script.ts";

const WATCH_FIELD_SOURCE = loadInPageScript(new URL("./in-page/watch-field.js", import.meta.url));
const HIGHLIGHTED_SOURCE = loadInPageScript(new URL("./in-page/highlighted-option.js", import.meta.url));
/** Arrow presses at most, looking for an option with the keyboard. */
const MAX_ARROWS = 30;

/** Text compared as a person reads it: case, accents and spacing aside. */
export function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The field shows the chosen suggestion (or the suggestion is what the field shows, shortened). */
export function showsChoice(value: string, choice: string): boolean {
  const v = plain(value);
  const c = plain(choice);
  return v !== "" && (v.includes(c) || c.includes(v));
}

/** Waits a frame (at most 100 ms: a tab in the background draws none), so a page that updates the field after the click has done it. */
export async function nextFrame(element: ElementHandle): Promise<void> {
  const frame = await element.ownerFrame().catch(() => null);
  await frame?.evaluate("new Promise((r) => { requestAnimationFrame(() => setTimeout(r, 0)); setTimeout(r, 100); })").catch(() => {});
}

export interface FieldWatch {
  /** The suggestion's text. */
  choice: string;
  /** What the field showed before the click. */
  before: string;
  /** The field itself. */
  field: ElementHandle;
  /** What it shows now; null when it is gone. */
  now(): Promise<string | null>;
  dispose(): void;
}

/**
 * Before a click on what looks like a suggestion of a list while a text field has the focus:
 * the field the click should fill, to check after it that the field got that suggestion.
 */
export async function watchField(element: ElementHandle): Promise<FieldWatch | null> {
  const frame = await element.ownerFrame();
  if (!frame) return null;
  let handle: JSHandle;
  try {
    handle = await callInPageHandle(frame, WATCH_FIELD_SOURCE, { el: element });
  } catch {
    return null;
  }
  const dispose = () => void handle.dispose().catch(() => {});
  const info = await handle.evaluate((r) => {
    const res = r as { field: unknown; text?: string; value?: string };
    return res.field ? { choice: res.text ?? "", before: res.value ?? "" } : null;
  });
  const field = info ? ((await handle.evaluateHandle((r) => (r as { field: unknown }).field)).asElement() as ElementHandle | null) : null;
  if (!info || !field) {
    dispose();
    return null;
  }
  return {
    ...info,
    field,
    now: () =>
      handle
        .evaluate((r) => {
          const field = (r as { field: { isConnected: boolean; value: string } }).field;
          return field.isConnected ? field.value : null;
        })
        .catch(() => null),
    dispose: () => {
      dispose();
      void field.dispose().catch(() => {});
    },
  };
}

async function highlighted(field: ElementHandle): Promise<string> {
  const frame = await field.ownerFrame();
  return frame ? callInPage<string>(frame, HIGHLIGHTED_SOURCE, { el: field }).catch(() => "") : "";
}

/**
 * The keyboard way to choose a suggestion, for lists where a click picks another one: type the
 * field's text again (the list opens), arrow down until the wanted option is highlighted, Enter.
 * Returns what the field shows after, or null when the option was never highlighted.
 */
export async function chooseWithKeys(field: ElementHandle, typed: string, choice: string, timeout: number): Promise<string | null> {
  await field.fill(typed, { timeout });
  await nextFrame(field);
  const want = plain(choice);
  let previous: string | null = null;
  for (let i = 0; i <= MAX_ARROWS; i++) {
    const current = await highlighted(field);
    if (plain(current) === want) {
      await field.press("Enter", { timeout });
      await nextFrame(field);
      return field.evaluate((e) => (e as unknown as { value: string }).value).catch(() => null);
    }
    if (current === previous && i > 1) return null; // the end of the list, or no highlight at all
    previous = current;
    await field.press("ArrowDown", { timeout });
  }
  return null;
}
