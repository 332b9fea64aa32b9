import type { ViewerMessage } from "@errand/contract";
import type { PageView } from "./page-view.ts";

type Button = "left" | "middle" | "right";
type MouseMessage = Extract<ViewerMessage, { type: "mouse" }>;
type WheelMessage = Extract<ViewerMessage, { type: "wheel" }>;

const BUTTON_BITS: Record<Button, number> = { left: 1, right: 2, middle: 4 };

/**
 * A viewer's mouse in one tab, through CDP (faithful clickCount, buttons and modifiers): it
 * remembers the buttons held and where the pointer is, so they can all be let go.
 */
export function createPointerInput(view: PageView) {
  let buttons = 0;
  let at = { x: 0, y: 0 };
  const pressedButton = (): Button | "none" => (buttons & 1 ? "left" : buttons & 2 ? "right" : buttons & 4 ? "middle" : "none");

  return {
    async mouse(message: MouseMessage) {
      const { x, y, modifiers } = message;
      at = { x, y };
      if (message.action === "move") {
        const button = message.button === "none" ? pressedButton() : message.button;
        await view.mouse({ type: "mouseMoved", x, y, button, buttons, modifiers });
        return;
      }
      const button: Button = message.button === "none" ? "left" : message.button;
      const clickCount = Math.max(1, message.clickCount);
      await view.mouse({ type: "mouseMoved", x, y, button: pressedButton(), buttons, modifiers });
      if (message.action === "down") buttons |= BUTTON_BITS[button];
      else buttons &= ~BUTTON_BITS[button];
      await view.mouse({
        type: message.action === "down" ? "mousePressed" : "mouseReleased",
        x,
        y,
        button,
        buttons,
        clickCount,
        modifiers,
      });
    },
    wheel(message: WheelMessage) {
      const { x, y, deltaX, deltaY, modifiers } = message;
      return view.mouse({ type: "mouseWheel", x, y, deltaX, deltaY, modifiers, buttons, button: pressedButton() });
    },
    /** Lets go of every button still held, where the pointer last was. */
    async release() {
      for (const button of ["left", "right", "middle"] as const) {
        if (!(buttons & BUTTON_BITS[button])) continue;
        buttons &= ~BUTTON_BITS[button];
        await view.mouse({ type: "mouseReleased", ...at, button, buttons, clickCount: 1 }).catch(() => {});
      }
    },
  };
}
