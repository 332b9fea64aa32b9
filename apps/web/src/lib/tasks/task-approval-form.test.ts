import { describe, expect, it } from "vitest";
import {
  APPROVAL_TIMEOUT_MESSAGE,
  APPROVAL_WORDS_MESSAGE,
  approvalProblem,
  approvalToFormValues,
  EMPTY_APPROVAL_FORM,
  toApprovalFields,
} from "./task-approval-form";
import { EMPTY_TASK_FORM, hasAdvancedValues, toRunBody, validateTaskForm } from "./task-form";

const form = (approval: Partial<typeof EMPTY_APPROVAL_FORM>) => ({
  ...EMPTY_TASK_FORM,
  prompt: "p",
  approval: { ...EMPTY_APPROVAL_FORM, ...approval },
});

describe("the task form's approval fields", () => {
  it("sends the kinds, the words split at commas and the wait in seconds, only when something is asked", () => {
    expect(toRunBody(form({}))).not.toHaveProperty("approval");
    expect(toRunBody(form({ kinds: ["payment"], words: " Confirm, Transfer ,", timeoutMinutes: "10" }))).toMatchObject({
      approval: ["payment"],
      approval_words: ["Confirm", "Transfer"],
      approval_timeout_seconds: 600,
    });
    expect(hasAdvancedValues(form({ kinds: ["delete"] }))).toBe(true);
  });

  it("refuses a wait outside 1 to 1440 minutes and too many or too long words, in the form's words", () => {
    expect(approvalProblem({ ...EMPTY_APPROVAL_FORM, timeoutMinutes: "0" })).toBe(APPROVAL_TIMEOUT_MESSAGE);
    expect(approvalProblem({ ...EMPTY_APPROVAL_FORM, timeoutMinutes: "2.5" })).toBe(APPROVAL_TIMEOUT_MESSAGE);
    expect(approvalProblem({ ...EMPTY_APPROVAL_FORM, words: "x".repeat(61) })).toBe(APPROVAL_WORDS_MESSAGE);
    expect(validateTaskForm(form({ timeoutMinutes: "2000" }))).toEqual({ approval: APPROVAL_TIMEOUT_MESSAGE });
    expect(APPROVAL_TIMEOUT_MESSAGE).toBe("Wait for an answer must be a whole number of minutes from 1 to 1440.");
  });

  it("reads a saved task back into the same values", () => {
    const values = approvalToFormValues({ approval: ["purchase"], approval_words: ["confirm"], approval_timeout_seconds: 900 });
    expect(values).toEqual({ kinds: ["purchase"], words: "confirm", timeoutMinutes: "15" });
    expect(toApprovalFields(values)).toEqual({ approval: ["purchase"], approval_words: ["confirm"], approval_timeout_seconds: 900 });
  });
});
