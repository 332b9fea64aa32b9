import { useState } from "react";
import { AuthContextPageFrame } from "./auth-context-page-frame";
import { ConfigureStep } from "./configure-step";
import { LoginStep } from "./login-step";
import { savedLoginPage } from "./saved-login-role-gate";
import { useAuthContextWizard } from "./use-auth-context-wizard";
import { WizardSteps } from "./wizard-steps";

/**
 * /auth-contexts/new: step 1 names the login and its website, step 2 shows a live browser on
 * that site to log in; Finish saves the login and returns to /auth-contexts (spec section 2).
 * The live browser is closed on Back, and (best effort) when the person leaves without finishing.
 */
export const NewAuthContextPage = savedLoginPage("New Auth Context", "New Auth Context", NewAuthContext);

function NewAuthContext() {
  const { state, dispatch, start, back, finish } = useAuthContextWizard();
  // Step 1 is shown again only after Back: then its heading takes the focus, not on the first render.
  const [moved, setMoved] = useState(false);
  if (state.step === "login" && !moved) setMoved(true);

  return (
    <AuthContextPageFrame
      title="New Auth Context"
      heading="New Auth Context"
      description="Log in to a website once; the agent reuses the login in your tasks."
      aside={<WizardSteps current={state.step === "configure" ? 1 : 2} />}
    >
      {state.step === "configure" ? (
        <ConfigureStep
          values={state.values}
          errors={state.errors}
          starting={state.starting}
          focusOnMount={moved}
          onEdit={(field, value) => dispatch({ type: "edit", field, value })}
          onInvalid={(errors) => dispatch({ type: "invalid", errors })}
          onNext={() => void start()}
        />
      ) : (
        <LoginStep values={state.values} session={state.session} saving={state.saving} onBack={back} onFinish={() => void finish()} />
      )}
    </AuthContextPageFrame>
  );
}
