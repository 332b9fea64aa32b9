import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { authContextsQueryOptions } from "../../api/workspace";
import { FormInvalid, useSubmit } from "../ui/use-submit";
import { hasAdvancedValues, validateTaskForm, type TaskFormErrors, type TaskFormValues } from "../../lib/tasks/task-form";

export type TaskFormAction = "execute" | "save" | "save-run";

export interface TaskFormOptions {
  mode: "create" | "edit";
  initialValues: TaskFormValues;
  /** The task needs a saved login: running without one asks first ("Authentication Context Required"). */
  requiresAuthContext: boolean;
  /** Does the work and tells its own failures; returns the server's field errors, if any, to show inline. */
  onSubmit: (action: TaskFormAction, values: TaskFormValues) => Promise<TaskFormErrors | void>;
}

const hasErrors = (errors: TaskFormErrors) => Object.keys(errors).length > 0;

/**
 * The task form's state: the values, the checks of spec section 5, the question asked before
 * running without a needed auth context, and the action under way.
 */
export function useTaskForm({ mode, initialValues, requiresAuthContext, onSubmit }: TaskFormOptions) {
  const [values, setValues] = useState(initialValues);
  // Create mode opens the section when a draft set advanced values; on the task page it starts
  // closed so the run stays in view.
  const [advancedOpen, setAdvancedOpen] = useState(() => mode === "create" && hasAdvancedValues(initialValues));
  const [confirming, setConfirming] = useState<TaskFormAction | null>(null);
  const contexts = useQuery(authContextsQueryOptions);

  // An id that is not one of the person's contexts (e.g. from someone else's demo) counts as None.
  const authContextId =
    contexts.isSuccess && !contexts.data.some((context) => context.id === values.authContextId) ? "" : values.authContextId;
  const effective: TaskFormValues = { ...values, authContextId };

  // Messages outside the prompt are in Advanced Parameters: it opens so they can be seen.
  const revealErrors = (errors: TaskFormErrors) => {
    if (Object.keys(errors).some((key) => key !== "prompt")) setAdvancedOpen(true);
  };
  const submission = useSubmit({
    action: async (request: { action: TaskFormAction; values: TaskFormValues }) => {
      const errors = await onSubmit(request.action, request.values);
      if (errors && hasErrors(errors)) {
        revealErrors(errors);
        throw new FormInvalid(errors);
      }
    },
    // The actions tell their own failures (run-actions.ts).
    failure: () => null,
  });

  function submit(action: TaskFormAction) {
    if (submission.busy) return;
    const found = validateTaskForm(effective);
    if (hasErrors(found)) {
      revealErrors(found);
      return submission.invalid(found);
    }
    submission.reset();
    if (action !== "save" && requiresAuthContext && !authContextId) return setConfirming(action);
    submission.run({ action, values: effective });
  }

  return {
    values,
    set: <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => setValues((current) => ({ ...current, [key]: value })),
    setValues,
    authContextId,
    contexts,
    advancedOpen,
    setAdvancedOpen,
    submission,
    /** The action whose button shows the spinner. */
    busy: submission.pending?.action ?? null,
    errors: submission.errors as TaskFormErrors,
    submit,
    confirming,
    cancelConfirm: () => setConfirming(null),
    confirm: () => {
      const action = confirming;
      setConfirming(null);
      if (action) submission.run({ action, values: effective });
    },
  };
}

export type TaskFormState = ReturnType<typeof useTaskForm>;
