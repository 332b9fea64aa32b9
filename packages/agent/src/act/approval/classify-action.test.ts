import { APPROVAL_KINDS } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { classifyAction, type ControlFacts, type FieldFacts } from "./classify-action.ts";

const ALL = { kinds: APPROVAL_KINDS, words: [] as string[] };
const button = (words: string[], extra: Partial<ControlFacts> = {}): ControlFacts => ({
  tag: "button",
  role: "",
  words,
  submits: false,
  fields: [],
  ...extra,
});
const field = (name: string, more: Partial<FieldFacts> = {}): FieldFacts => ({
  tag: "input",
  type: "text",
  name,
  autocomplete: "",
  label: "",
  ...more,
});

describe("which clicks need a person's approval", () => {
  it.each([
    [["Pay now"], "payment"],
    [["Delete account"], "delete"],
    [["Remove item"], "delete"],
    [["Place order"], "purchase"],
    [["Buy"], "purchase"],
    [["Send"], "send_message"],
    [["Post reply"], "send_message"],
  ])("a control saying %j is %s", (words, kind) => {
    expect(classifyAction(button(words), ALL)?.kind).toBe(kind);
  });

  it("leaves ordinary controls alone", () => {
    for (const words of [["Next"], ["Search"], ["Show details"], ["Sender settings"], ["Payments history"]])
      expect(classifyAction(button(words), ALL)).toBeNull();
  });

  it("asks only for the kinds the task lists", () => {
    expect(classifyAction(button(["Delete"]), { kinds: ["payment"], words: [] })).toBeNull();
    expect(classifyAction(button(["Pay now"]), { kinds: [], words: [] })).toBeNull();
  });

  it("asks for a control with a word the person listed, whole and in any case", () => {
    expect(classifyAction(button(["Confirm transfer"]), { kinds: [], words: ["confirm"] })).toEqual({
      kind: "words",
      reason: 'The control "Confirm transfer" has the word "confirm", which this task asks to approve first.',
    });
    expect(classifyAction(button(["Confirmed orders"]), { kinds: [], words: ["confirm"] })).toBeNull();
  });

  it("asks before a submit of a form with card fields or personal data, not before one without", () => {
    const card = [field("cardnumber", { autocomplete: "cc-number" }), field("cvc")];
    expect(classifyAction(button(["Continue"], { submits: true, fields: card }), ALL)?.kind).toBe("payment");
    const contact = [field("full_name", { label: "Full name" }), field("email", { type: "email" })];
    expect(classifyAction(button(["Continue"], { submits: true, fields: contact }), ALL)?.kind).toBe("personal_data");
    expect(classifyAction(button(["Continue"], { submits: false, fields: contact }), ALL)).toBeNull();
    expect(classifyAction(button(["Search"], { submits: true, fields: [field("q", { label: "Search" })] }), ALL)).toBeNull();
  });
});
