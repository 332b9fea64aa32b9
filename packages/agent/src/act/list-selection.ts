import type { ElementHandle } from "playwright-core";
import { ActionError } from "../types/actions.ts";
import { shortError } from "./action-env.ts";
import type { ActionOutcome } from "./action-env.ts";
import type { ActionInput } from "./tool-definitions.ts";

const list = (texts: string[]) => (texts.length ? texts.map((t) => JSON.stringify(t)).join(", ") : "nothing");

/** A native <select>: one option, or with `add` one more of a <select multiple>; says what is selected after. */
export async function selectNative(element: ElementHandle, input: ActionInput<"select_option">, at: string): Promise<ActionOutcome> {
  const read = () =>
    element.evaluate((e) => {
      const select = e as unknown as {
        multiple: boolean;
        options: ArrayLike<{ label: string; text: string; value: string; selected: boolean }>;
      };
      return {
        multiple: select.multiple,
        options: Array.from(select.options).map((o) => ({ label: (o.label || o.text).trim(), value: o.value, selected: o.selected })),
      };
    });
  const { multiple, options } = await read();
  const want = input.option.trim().toLowerCase();
  const byLabel = options.findIndex((o) => o.label.toLowerCase() === want);
  const byValue = options.findIndex((o) => o.value.toLowerCase() === want);
  const partial = options.findIndex((o) => o.label.toLowerCase().includes(want));
  const match = byLabel >= 0 ? byLabel : byValue >= 0 ? byValue : partial;
  if (match < 0) {
    const names = options
      .slice(0, 30)
      .map((o) => JSON.stringify(o.label))
      .join(", ");
    throw new ActionError(`${at} has no option ${JSON.stringify(input.option)}. Its options: ${names}.`);
  }
  const label = options[match]?.label ?? input.option;
  const keep = multiple && input.add ? options.flatMap((o, i) => (o.selected && i !== match ? [i] : [])) : [];
  try {
    await element.selectOption(
      [...keep, match].map((index) => ({ index })),
      { timeout: 3_000 },
    );
  } catch (error) {
    throw new ActionError(`Could not select in ${at}: ${shortError(error)}`);
  }
  let message = `Selected ${JSON.stringify(label)} in ${at}`;
  if (multiple) message += `; selected now: ${list((await read()).options.filter((o) => o.selected).map((o) => o.label))}`;
  else if (input.add) message += " (it takes one option only)";
  return { ok: true, message: `${message}.` };
}

/** The list box an option belongs to: whether it takes several options, and which are selected. */
export async function listboxState(option: ElementHandle): Promise<{ multi: boolean; selected: boolean; chosen: string[] } | null> {
  return option
    .evaluate((node) => {
      type El = {
        getAttribute(n: string): string | null;
        closest(s: string): El | null;
        querySelectorAll(s: string): ArrayLike<El>;
        innerText?: string;
        textContent: string | null;
      };
      const el = node as unknown as El;
      const box = el.closest("[role=listbox]");
      if (!box) return null;
      const text = (e: El) => (e.innerText || e.textContent || "").replace(/\s+/g, " ").trim();
      return {
        multi: box.getAttribute("aria-multiselectable") === "true",
        selected: el.getAttribute("aria-selected") === "true",
        chosen: Array.from(box.querySelectorAll("[role=option][aria-selected=true]")).map(text),
      };
    })
    .catch(() => null);
}

export const chosenList = list;
