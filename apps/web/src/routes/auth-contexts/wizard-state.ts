import type { AuthSession } from "@errand/contract";
import type { AuthContextErrors, AuthContextField, AuthContextValues } from "./auth-context-form";

/**
 * The auth-context wizard (spec section 4: step 1, step 2, finish).
 * "configure": name and URL, `starting` while the live browser is being opened.
 * "login": the live browser is open (`session`), `saving` while Finish runs.
 * The typed values survive every transition, so Back and failures lose nothing.
 */
export type WizardState =
  | { step: "configure"; values: AuthContextValues; errors: AuthContextErrors; starting: boolean }
  | { step: "login"; values: AuthContextValues; session: AuthSession; saving: boolean };

export type WizardAction =
  | { type: "edit"; field: AuthContextField; value: string }
  | { type: "invalid"; errors: AuthContextErrors }
  | { type: "start" }
  | { type: "started"; session: AuthSession }
  /** `errors`: what the server said of the typed values (e.g. an address it may not open). */
  | { type: "startFailed"; errors?: AuthContextErrors }
  | { type: "back" }
  | { type: "save" }
  | { type: "saveFailed" };

export function initialWizardState(values: AuthContextValues): WizardState {
  return { step: "configure", values, errors: {}, starting: false };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "edit": {
      if (state.step !== "configure" || state.starting) return state;
      const errors = { ...state.errors };
      delete errors[action.field];
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors };
    }
    case "invalid":
      return state.step === "configure" && !state.starting ? { ...state, errors: action.errors } : state;
    case "start":
      return state.step === "configure" && !state.starting ? { ...state, errors: {}, starting: true } : state;
    case "started":
      return state.step === "configure" && state.starting
        ? { step: "login", values: state.values, session: action.session, saving: false }
        : state;
    case "startFailed":
      return state.step === "configure" ? { ...state, starting: false, errors: action.errors ?? state.errors } : state;
    case "back":
      return state.step === "login" && !state.saving ? initialWizardState(state.values) : state;
    case "save":
      return state.step === "login" && !state.saving ? { ...state, saving: true } : state;
    case "saveFailed":
      return state.step === "login" ? { ...state, saving: false } : state;
  }
}
