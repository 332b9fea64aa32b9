import type { BrowserContext } from "playwright-core";

/** How the next native dialog (confirm, prompt, leave page) is answered, as answer_dialog set it. */
export interface DialogAnswer {
  accept: boolean;
  /** A prompt's answer; absent keeps the prompt's default text. */
  text?: string;
}

/**
 * What the tools remember between actions of one run: the run's own clipboard (text copied with
 * Control+c; never the browser's clipboard, which every run in the browser shares) and the
 * answer to the next dialog. Kept by the run's browser context, which no other run uses.
 */
export interface RunMemory {
  clipboard: string | null;
  nextDialog: DialogAnswer | null;
}

const memories = new WeakMap<BrowserContext, RunMemory>();

export function runMemory(context: BrowserContext): RunMemory {
  let memory = memories.get(context);
  if (!memory) {
    memory = { clipboard: null, nextDialog: null };
    memories.set(context, memory);
  }
  return memory;
}
