import type { BrowserContext, Dialog } from "playwright-core";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import { runMemory } from "./run-memory.ts";
import type { ActionInput } from "./tool-definitions.ts";

/** answer_dialog: sets how the next confirm, prompt or leave-page dialog is answered. */
export async function answerDialog(env: ActionEnv, input: ActionInput<"answer_dialog">): Promise<ActionOutcome> {
  const text = input.accept ? input.text : undefined;
  runMemory(env.context).nextDialog = { accept: input.accept, ...(text !== undefined ? { text } : {}) };
  const how = input.accept ? `accepted${text !== undefined ? ` (a prompt with ${JSON.stringify(text)})` : ""}` : "dismissed";
  return { ok: true, message: `The next dialog will be ${how}. Now do what opens it.` };
}

/**
 * Answers a native dialog and says how, for the model. Default: an alert is closed with OK, a
 * confirm or prompt is dismissed (the safe answer), a leave-page question lets the page go (the
 * agent chose to leave). An answer set with answer_dialog is used once, by the next dialog that
 * asks something.
 */
export function handleDialog(context: BrowserContext, dialog: Dialog, redact: (text: string) => string): string {
  const type = dialog.type();
  const memory = runMemory(context);
  const chosen = type === "alert" ? null : memory.nextDialog;
  if (chosen) memory.nextDialog = null;
  const accept = chosen ? chosen.accept : type !== "confirm" && type !== "prompt";
  const text = accept && type === "prompt" ? (chosen?.text ?? dialog.defaultValue()) : undefined;
  void (accept ? dialog.accept(text) : dialog.dismiss()).catch(() => {}); // fails only when its page closed
  const shown = JSON.stringify(redact(dialog.message().slice(0, 300)));
  if (type === "alert") return `The page showed an alert: ${shown}. It was closed with OK.`;
  if (type === "beforeunload") return `The page asked before leaving: ${shown}. It was ${accept ? "allowed to leave" : "kept open"}.`;
  if (chosen) {
    const answer = accept ? `accepted${text !== undefined ? ` with ${JSON.stringify(redact(text))}` : ""}` : "dismissed";
    return `The page showed a ${type} dialog: ${shown}. It was ${answer}, as you asked.`;
  }
  return `The page showed a ${type} dialog: ${shown}. It was dismissed. To accept it${type === "prompt" ? " or answer it" : ""}, call answer_dialog, then open it again.`;
}
