import { describe, expect, it } from "vitest";
import type { AuthSession } from "@errand/contract";
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from "./wizard-state";

const values = { name: "Shop", url: "https://shop.example.com" };
const session: AuthSession = {
  id: "6f1c9a57-3c1e-4b8e-9a2f-1d2c3b4a5e6f",
  debug_url: "/live.html?token=abc",
  expires_at: "2026-03-04T12:05:00Z",
};

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

describe("wizardReducer", () => {
  it("starts on step 1 with the given values", () => {
    expect(initialWizardState(values)).toEqual({ step: "configure", values, errors: {}, starting: false });
  });

  it("edits a field and clears only that field's error", () => {
    const state = run(
      initialWizardState({ name: "", url: "" }),
      { type: "invalid", errors: { name: "Name is required", url: "Website URL is required" } },
      { type: "edit", field: "name", value: "Shop" },
    );
    expect(state).toEqual({
      step: "configure",
      values: { name: "Shop", url: "" },
      errors: { url: "Website URL is required" },
      starting: false,
    });
  });

  it("goes to step 2 once the session is open", () => {
    const starting = run(initialWizardState(values), { type: "start" });
    expect(starting).toMatchObject({ step: "configure", starting: true });
    expect(wizardReducer(starting, { type: "started", session })).toEqual({ step: "login", values, session, saving: false });
  });

  it("ignores edits and a second start while the browser starts", () => {
    const starting = run(initialWizardState(values), { type: "start" });
    expect(wizardReducer(starting, { type: "edit", field: "name", value: "Other" })).toBe(starting);
    expect(wizardReducer(starting, { type: "start" })).toBe(starting);
  });

  it("stays on step 1 with the values when the session fails", () => {
    expect(run(initialWizardState(values), { type: "start" }, { type: "startFailed" })).toEqual(initialWizardState(values));
  });

  it("shows the server's word on the address under the field, until it is edited", () => {
    const url = "This address cannot be opened: localhost resolves to 127.0.0.1";
    const failed = run(initialWizardState(values), { type: "start" }, { type: "startFailed", errors: { url } });
    expect(failed).toEqual({ step: "configure", values, errors: { url }, starting: false });
    expect(wizardReducer(failed, { type: "edit", field: "url", value: "https://other.example" })).toMatchObject({ errors: {} });
  });

  it("ignores a session that was not asked for", () => {
    const state = initialWizardState(values);
    expect(wizardReducer(state, { type: "started", session })).toBe(state);
  });

  it("Back returns to step 1 keeping the values", () => {
    const state = run(initialWizardState(values), { type: "start" }, { type: "started", session }, { type: "back" });
    expect(state).toEqual(initialWizardState(values));
  });

  it("saving blocks Back and a second save; a failure keeps step 2", () => {
    const saving = run(initialWizardState(values), { type: "start" }, { type: "started", session }, { type: "save" });
    expect(saving).toEqual({ step: "login", values, session, saving: true });
    expect(wizardReducer(saving, { type: "back" })).toBe(saving);
    expect(wizardReducer(saving, { type: "save" })).toBe(saving);
    expect(wizardReducer(saving, { type: "saveFailed" })).toEqual({ step: "login", values, session, saving: false });
  });

  it("ignores step-1 actions on step 2", () => {
    const login = run(initialWizardState(values), { type: "start" }, { type: "started", session });
    expect(wizardReducer(login, { type: "edit", field: "url", value: "x" })).toBe(login);
    expect(wizardReducer(login, { type: "invalid", errors: { url: "x" } })).toBe(login);
    expect(wizardReducer(login, { type: "start" })).toBe(login);
  });
});
