import type { ActionOutcome } from "./action-env.ts";
import { chooseWithKeys, showsChoice } from "./suggestion-check.ts";
import type { FieldWatch } from "./suggestion-check.ts";

/**
 * A click on a suggestion put another one in the field (lists that commit their highlighted
 * item when the field loses the focus, which a mouse press does before the click lands): choose
 * the clicked one the keyboard way instead, so the click does what was asked. Says what happened.
 */
export async function chooseClickedByKeys(watch: FieldWatch, wrong: string, at: string, timeout: number): Promise<ActionOutcome> {
  const shown = await chooseWithKeys(watch.field, watch.before, watch.choice, timeout).catch(() => null);
  if (shown !== null && showsChoice(shown, watch.choice)) {
    return {
      ok: true,
      message: `Clicked ${at}; the page put ${JSON.stringify(wrong)} in the field, so ${JSON.stringify(watch.choice)} was chosen with the arrow keys and Enter.`,
    };
  }
  return {
    ok: false,
    message: `Clicked ${at} but the field now shows ${JSON.stringify(shown ?? wrong)} (you chose ${JSON.stringify(watch.choice)}), also after trying the arrow keys. Choose it with select_option on the field.`,
  };
}
