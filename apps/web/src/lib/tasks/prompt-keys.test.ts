import { describe, expect, it } from "vitest";
import { isPromptSubmitKey } from "./prompt-keys";

const key = (over: Partial<Parameters<typeof isPromptSubmitKey>[0]>) => ({ key: "Enter", shiftKey: false, ...over });

describe("prompt keys", () => {
  it("submits on Enter, with or without Ctrl/Cmd", () => {
    expect(isPromptSubmitKey(key({}))).toBe(true);
    expect(isPromptSubmitKey({ ...key({}), ctrlKey: true, metaKey: true } as ReturnType<typeof key>)).toBe(true);
  });

  it("keeps Shift+Enter (and Alt+Enter) for a new line, and other keys for typing", () => {
    expect(isPromptSubmitKey(key({ shiftKey: true }))).toBe(false);
    expect(isPromptSubmitKey(key({ altKey: true }))).toBe(false);
    expect(isPromptSubmitKey(key({ key: "a" }))).toBe(false);
  });

  it("lets an input method confirm its text with Enter", () => {
    expect(isPromptSubmitKey(key({ isComposing: true }))).toBe(false);
    expect(isPromptSubmitKey(key({ keyCode: 229 }))).toBe(false);
  });
});
