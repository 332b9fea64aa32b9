import { describe, expect, it } from "vitest";
import { classifyKey, isPrintable, keyText, modifiersOf, type KeyLike } from "./key-map.ts";

const key = (k: string, code: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  code,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("modifiersOf", () => {
  it("builds CDP's bitmask: Alt=1 Ctrl=2 Meta=4 Shift=8", () => {
    const none = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
    expect(modifiersOf(none)).toBe(0);
    expect(modifiersOf({ ...none, altKey: true })).toBe(1);
    expect(modifiersOf({ ...none, ctrlKey: true })).toBe(2);
    expect(modifiersOf({ ...none, metaKey: true })).toBe(4);
    expect(modifiersOf({ ...none, shiftKey: true })).toBe(8);
    expect(modifiersOf({ altKey: true, ctrlKey: true, metaKey: true, shiftKey: true })).toBe(15);
    expect(modifiersOf({ ...none, ctrlKey: true, shiftKey: true })).toBe(10);
  });
});

describe("classifyKey", () => {
  it("sends ordinary keys, Tab, Backspace, arrows, Enter and Escape", () => {
    for (const [k, code] of [
      ["a", "KeyA"],
      ["Tab", "Tab"],
      ["Backspace", "Backspace"],
      ["ArrowLeft", "ArrowLeft"],
      ["Enter", "Enter"],
      ["Escape", "Escape"],
      ["Shift", "ShiftLeft"],
    ] as const) {
      expect(classifyKey(key(k, code))).toBe("send");
    }
    expect(classifyKey(key("Tab", "Tab", { shiftKey: true }))).toBe("send");
  });
  it("lets Ctrl/Meta+V through so the paste event fires", () => {
    expect(classifyKey(key("v", "KeyV", { ctrlKey: true }))).toBe("pass");
    expect(classifyKey(key("v", "KeyV", { metaKey: true }))).toBe("pass");
    expect(classifyKey(key("V", "KeyV", { ctrlKey: true, shiftKey: true }))).toBe("pass");
  });
  it("lets Ctrl/Meta+C through (and does not send it)", () => {
    expect(classifyKey(key("c", "KeyC", { ctrlKey: true }))).toBe("pass");
    expect(classifyKey(key("c", "KeyC", { metaKey: true }))).toBe("pass");
  });
  it("recognizes V and C on other layouts by the key typed", () => {
    // AZERTY/Dvorak etc.: the character is what counts, and the physical key too.
    expect(classifyKey(key("v", "Period", { ctrlKey: true }))).toBe("pass");
    expect(classifyKey(key("j", "KeyC", { metaKey: true }))).toBe("pass");
  });
  it("sends the other shortcuts (Ctrl+A, Ctrl+X, Ctrl+Z) to the page", () => {
    expect(classifyKey(key("a", "KeyA", { ctrlKey: true }))).toBe("send");
    expect(classifyKey(key("x", "KeyX", { metaKey: true }))).toBe("send");
    expect(classifyKey(key("z", "KeyZ", { ctrlKey: true }))).toBe("send");
  });
  it("sends plain V and C", () => {
    expect(classifyKey(key("v", "KeyV"))).toBe("send");
    expect(classifyKey(key("C", "KeyC", { shiftKey: true }))).toBe("send");
  });
  it("Shift+Escape leaves the canvas, plain Escape is sent", () => {
    expect(classifyKey(key("Escape", "Escape", { shiftKey: true }))).toBe("leave");
    expect(classifyKey(key("Escape", "Escape"))).toBe("send");
  });
  it("lets IME composition through", () => {
    expect(classifyKey(key("Process", "KeyA"))).toBe("pass");
    expect(classifyKey(key("a", "KeyA", { isComposing: true }))).toBe("pass");
  });
});

describe("keyText", () => {
  it("is the character for a printable key", () => {
    expect(keyText(key("a", "KeyA"))).toBe("a");
    expect(keyText(key("A", "KeyA", { shiftKey: true }))).toBe("A");
    expect(keyText(key(" ", "Space"))).toBe(" ");
    expect(keyText(key("é", "Quote"))).toBe("é");
    expect(keyText(key("😀", ""))).toBe("😀");
  });
  it("is none with Ctrl or Meta", () => {
    expect(keyText(key("a", "KeyA", { ctrlKey: true }))).toBeUndefined();
    expect(keyText(key("a", "KeyA", { metaKey: true }))).toBeUndefined();
  });
  it("is the character with AltGr (Ctrl+Alt) and with Alt alone", () => {
    expect(keyText(key("@", "KeyQ", { ctrlKey: true, altKey: true }))).toBe("@");
    expect(keyText(key("å", "KeyA", { altKey: true }))).toBe("å");
  });
  it('is "\\r" for Enter, none for other named keys', () => {
    expect(keyText(key("Enter", "Enter"))).toBe("\r");
    expect(keyText(key("Enter", "Enter", { ctrlKey: true }))).toBeUndefined();
    expect(keyText(key("Tab", "Tab"))).toBeUndefined();
    expect(keyText(key("Backspace", "Backspace"))).toBeUndefined();
    expect(keyText(key("ArrowUp", "ArrowUp"))).toBeUndefined();
    expect(keyText(key("F5", "F5"))).toBeUndefined();
  });
});

describe("isPrintable", () => {
  it("rejects control characters and multi-character names", () => {
    expect(isPrintable("\u0007")).toBe(false);
    expect(isPrintable("\u007f")).toBe(false);
    expect(isPrintable("Dead")).toBe(false);
    expect(isPrintable("")).toBe(false);
    expect(isPrintable("x")).toBe(true);
  });
});
