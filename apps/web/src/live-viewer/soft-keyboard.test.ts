import type { ViewerMessage } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { editMessages, FIELD_REST } from "./soft-keyboard.ts";

const BACKSPACE: ViewerMessage[] = [
  { type: "key", action: "down", key: "Backspace", code: "Backspace", modifiers: 0 },
  { type: "key", action: "up", key: "Backspace", code: "Backspace", modifiers: 0 },
];
const ENTER: ViewerMessage[] = [
  { type: "key", action: "down", key: "Enter", code: "Enter", text: "\r", modifiers: 0 },
  { type: "key", action: "up", key: "Enter", code: "Enter", modifiers: 0 },
];
const text = (t: string): ViewerMessage => ({ type: "text", text: t });

/** Replays successive values of the field, as its input events report them. */
function replay(...values: string[]): ViewerMessage[] {
  return values.slice(1).flatMap((value, i) => editMessages(values[i]!, value));
}

describe("editMessages", () => {
  it("types what was inserted after the resting space", () => {
    expect(editMessages(FIELD_REST, " a")).toEqual([text("a")]);
    expect(editMessages(FIELD_REST, " hunter2!")).toEqual([text("hunter2!")]);
  });

  it("sends nothing when nothing changed", () => {
    expect(editMessages(FIELD_REST, FIELD_REST)).toEqual([]);
  });

  it("presses Backspace when the resting space is deleted", () => {
    expect(editMessages(FIELD_REST, "")).toEqual(BACKSPACE);
  });

  it("sends a composed word once, letter by letter, however often the composition is replaced", () => {
    expect(replay(" ", " h", " he", " hel", " hell", " hello", " hello ")).toEqual(["h", "e", "l", "l", "o", " "].map(text));
  });

  it("deletes back to where an autocorrection differs, then types the correction", () => {
    expect(editMessages(" teh", " the ")).toEqual([...BACKSPACE, ...BACKSPACE, text("he ")]);
  });

  it("follows a Backspace inside a composition", () => {
    expect(replay(" ", " p", " pa", " pas", " pa", " pass")).toEqual([text("p"), text("a"), text("s"), ...BACKSPACE, text("ss")]);
  });

  it("presses Enter (with the text \\r) for a line break", () => {
    expect(editMessages(FIELD_REST, " \n")).toEqual(ENTER);
    expect(editMessages(FIELD_REST, " ab\r\ncd\n")).toEqual([text("ab"), ...ENTER, text("cd"), ...ENTER]);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(editMessages(" 😀", " ")).toEqual(BACKSPACE);
    expect(editMessages(" 😀", " 😃")).toEqual([...BACKSPACE, text("😃")]);
    expect(editMessages(FIELD_REST, " é😀")).toEqual([text("é😀")]);
  });

  it("keeps a long paste within the protocol's limit", () => {
    const [message] = editMessages(FIELD_REST, ` ${"x".repeat(12_000)}`);
    expect(message).toEqual(text("x".repeat(10_000)));
  });
});
