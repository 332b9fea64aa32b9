import type { ViewerMessage } from "@errand/contract";

/**
 * Typing on phones. A canvas brings up no on-screen keyboard, so the "Show keyboard" button
 * focuses a hidden textarea instead, and what the keyboard does to that field is replayed on the
 * remote page. The field is compared with what was already sent after each change, rather than
 * trusting each InputEvent's data: Android keyboards compose every word ("h", "he", "hel" each
 * replace the last) and autocorrect ("teh" → "the"), and report a Backspace in an empty field as an
 * unidentified key with no input event. So the field is never empty: it rests on one space, which
 * Backspace deletes like any character.
 */

const MAX_TEXT = 10_000;
/** What the field holds between edits. */
export const FIELD_REST = " ";

function press(key: "Enter" | "Backspace"): ViewerMessage[] {
  return [
    // "\r" as the key map sends it: Chrome submits forms and breaks lines on it.
    { type: "key", action: "down", key, code: key, modifiers: 0, ...(key === "Enter" ? { text: "\r" } : {}) },
    { type: "key", action: "up", key, code: key, modifiers: 0 },
  ];
}

/**
 * What makes the remote page follow an edit of the field, which held `before` (sent already) and
 * now holds `after`: Backspace for each character after their common start, then the rest typed,
 * with Enter for each line break. The remote caret is taken to be at the end, as the field's is.
 */
export function editMessages(before: string, after: string): ViewerMessage[] {
  const a = [...before];
  const b = [...after];
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  const out: ViewerMessage[] = [];
  for (let i = same; i < a.length; i++) out.push(...press("Backspace"));
  b.slice(same)
    .join("")
    .split(/\r\n|\r|\n/)
    .forEach((line, i) => {
      if (i > 0) out.push(...press("Enter"));
      if (line) out.push({ type: "text", text: line.slice(0, MAX_TEXT) });
    });
  return out;
}

export interface SoftKeyboardElements {
  button: HTMLButtonElement;
  field: HTMLTextAreaElement;
  canvas: HTMLCanvasElement;
}

export class SoftKeyboard {
  /** The field's value as last sent. */
  private sent = FIELD_REST;
  private composing = false;
  /** A touch on the canvas began while the keyboard was up: give the focus back after it. */
  private refocus = false;

  constructor(
    private readonly els: SoftKeyboardElements,
    private readonly opts: { enabled(): boolean; send(message: ViewerMessage): void },
  ) {
    const { button, field, canvas } = els;
    this.rest();
    // Pressing the button must not take the focus from the field (the keyboard would drop).
    button.addEventListener("mousedown", (e) => e.preventDefault());
    button.addEventListener("click", () => this.open());
    // A focused textarea keeps its last caret, at the start at first: put it after the space.
    field.addEventListener("focus", () => this.rest());
    field.addEventListener("compositionstart", () => {
      this.composing = true;
    });
    field.addEventListener("compositionend", () => {
      this.composing = false;
      this.sync(true);
    });
    field.addEventListener("input", (e) => this.sync(!this.composing && !(e as InputEvent).isComposing));
    field.addEventListener("blur", () => {
      this.composing = false;
      this.sync(true);
    });
    canvas.addEventListener("pointerdown", (e) => {
      this.refocus = e.pointerType !== "mouse" && this.isOpen();
    });
    // A tap is sent as a click (see InputCapture), which puts the remote focus where the person
    // tapped; the next characters go there.
    const restore = () => {
      if (this.refocus && this.opts.enabled() && document.activeElement !== field) field.focus({ preventScroll: true });
    };
    canvas.addEventListener("pointerup", restore);
    canvas.addEventListener("click", restore);
  }

  /** Whether a press of this pointer type on the canvas leaves the focus in the field. */
  keepsFocus(pointerType: string): boolean {
    return pointerType !== "mouse" && this.isOpen();
  }

  /** Shows the button while the person may act; drops the keyboard when they no longer may. */
  update(enabled: boolean): void {
    this.els.button.hidden = !enabled;
    if (!enabled && this.isOpen()) this.els.field.blur();
  }

  private isOpen(): boolean {
    return document.activeElement === this.els.field;
  }

  private open(): void {
    if (!this.opts.enabled()) return;
    const { field } = this.els;
    // Android shows no keyboard for a field focused already (after its Back key hid the
    // keyboard): focus it anew, within this click.
    if (this.isOpen()) field.blur();
    field.focus({ preventScroll: true });
  }

  /** Sends what changed in the field; `settle`: no composition is going on, so reset the field. */
  private sync(settle: boolean): void {
    const { field } = this.els;
    const value = field.value;
    if (this.opts.enabled()) for (const message of editMessages(this.sent, value)) this.opts.send(message);
    this.sent = value;
    if (settle && (value !== FIELD_REST || field.selectionStart !== FIELD_REST.length)) this.rest();
  }

  private rest(): void {
    const { field } = this.els;
    field.value = FIELD_REST;
    if (this.isOpen()) field.setSelectionRange(FIELD_REST.length, FIELD_REST.length);
    this.sent = FIELD_REST;
  }
}
