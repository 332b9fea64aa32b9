import type { Submit } from "../components/ui/use-submit";
import { submitChecked } from "../lib/forms/checked-submit";
import { formText } from "../lib/forms/form-values";

/** Sends a workspace's name from a form's `name` field, checked as the API checks it (create and rename alike). */
export function submitWorkspaceName(submit: Pick<Submit<string>, "run" | "invalid">, form: HTMLFormElement): void {
  void submitChecked(
    submit,
    (s) => s.workspaceNameInputSchema,
    { name: formText(form)("name") },
    (data) => data.name,
  );
}
