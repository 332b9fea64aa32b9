import { ActionError } from "../types/actions.ts";
import { shortError } from "./action-env.ts";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import { answerDialog } from "./dialogs.ts";
import { click, hover, selectOption, type } from "./element-actions.ts";
import { extract } from "./extract.ts";
import { closeTab, goBack, navigate, openTab, pressKeys, scroll, switchTab, wait } from "./page-actions.ts";
import { clickAt, drag, typeAt } from "./pointer-actions.ts";
import { selectText } from "./text-actions.ts";
import { actionSchemas } from "./tool-definitions.ts";
import type { ActionName } from "./tool-definitions.ts";
import { uploadFile } from "./upload-file.ts";

type Handler = (env: ActionEnv, input: never) => Promise<ActionOutcome>;

const handlers: Record<ActionName, Handler> = {
  navigate,
  click,
  type,
  select_option: selectOption,
  hover,
  drag,
  select_text: selectText,
  scroll,
  press_keys: pressKeys,
  click_at: clickAt,
  type_at: typeAt,
  upload_file: uploadFile,
  answer_dialog: answerDialog,
  go_back: goBack,
  open_tab: openTab,
  switch_tab: switchTab,
  close_tab: closeTab,
  wait,
  extract,
};

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(handlers, name);
}

/** Runs one action. Never throws for the model's mistakes or page trouble: they become errors it reads. */
export async function runAction(env: ActionEnv, name: ActionName, input: unknown): Promise<ActionOutcome> {
  const parsed = actionSchemas[name].safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
    return { ok: false, message: `Invalid arguments for ${name}: ${issues}.` };
  }
  try {
    return await handlers[name](env, parsed.data as never);
  } catch (error) {
    if (error instanceof ActionError) return { ok: false, message: error.message, ...(error.obstacle && { obstacle: error.obstacle }) };
    if (env.signal.aborted) return { ok: false, message: "Stopped: the run is ending." };
    const message = shortError(error);
    if (/Target (page, context or browser )?(has been )?closed|browser has been closed/i.test(message)) {
      return { ok: false, message: `The tab was closed while running ${name}.` };
    }
    return { ok: false, message: `${name} failed: ${message}` };
  }
}
