import { useCallback, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { ApiRequestError } from "../../api/api-request-error";
import { fieldErrorsFromServer, type FieldErrors } from "../../lib/forms/form-errors";
import { notify } from "./notify";

/**
 * Thrown by an action that refuses its own input (a check that runs on submit, e.g. validation
 * loaded on demand, or the server's field messages a caller already read): its messages go to
 * the fields, and no toast is shown.
 */
export class FormInvalid extends Error {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    super("The form has invalid fields");
    this.name = "FormInvalid";
    this.fields = fields;
  }
}

/** How a failed submit is told. */
export interface Failure {
  /** The action's own words, e.g. "Failed to save the credential. Please try again." */
  message: string;
  /** The toast's title (default "Error"). */
  title?: string;
  /** Say the API's own message instead of `message` when it sent one (a name already taken, a limit). */
  apiMessage?: boolean;
  /**
   * "toast" (default), or "form": in the form above its buttons (unless the refusal named fields),
   * with a toast as well only when the server never answered.
   */
  show?: "toast" | "form";
}

export interface SubmitOptions<I, R> {
  /** The request (a mutation of the query library). */
  action: (input: I) => Promise<R>;
  /** After success: caches, the success toast, navigation, closing. The submit stays busy until it settles. */
  onSuccess?: (result: R, input: I) => unknown;
  /** What a failure says; a function may pick by the error and the input, or return null when it told the person itself. */
  failure: Failure | ((error: unknown, input: I) => Failure | null);
  /** The field messages of a refusal (default: the API's `fields`, the first message per top-level field). */
  fields?: (error: unknown) => FieldErrors;
}

export interface Submit<I> {
  busy: boolean;
  /** The input of the action under way: which of several buttons shows the spinner. */
  pending: I | undefined;
  /** The action succeeded (e.g. the browser is on its way to a checkout). */
  succeeded: boolean;
  errors: FieldErrors;
  /** A refusal said in the form rather than at a field (`show: "form"`). */
  formError: string | null;
  /** Counts refusals that named fields: the form moves focus to its first invalid field after each. */
  refusals: number;
  /** Runs the action, unless one is under way. */
  run: (input: I) => void;
  /** Shows the form's own check of its fields (no request is made). */
  invalid: (errors: FieldErrors) => void;
  /** Clears the messages and the action's state. */
  reset: () => void;
}

interface Feedback {
  errors: FieldErrors;
  formError: string | null;
  refusals: number;
}

const hasFields = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** The messages a failure leaves in the form, after telling the person what the form does not show. */
function tellFailure(error: unknown, failure: Failure | null, fields: FieldErrors): Omit<Feedback, "refusals"> {
  if (!failure) return { errors: fields, formError: null };
  const answered = error instanceof ApiRequestError;
  const text = failure.apiMessage && answered && error.serverMessage ? error.serverMessage : failure.message;
  if (failure.show === "form") {
    if (!answered) notify.error(failure.title ?? "Error", failure.message);
    return { errors: fields, formError: hasFields(fields) ? null : text };
  }
  notify.error(failure.title ?? "Error", text);
  return { errors: fields, formError: null };
}

/**
 * The submit of every form, dialog and action button: busy while the request runs (one at a
 * time), the API's field messages at their fields, and the failure told in the form or a toast.
 */
export function useSubmit<I = void, R = unknown>(options: SubmitOptions<I, R>): Submit<I> {
  const [feedback, setFeedback] = useState<Feedback>({ errors: {}, formError: null, refusals: 0 });
  // Set before the re-render that disables the button, so a double click sends one request.
  const running = useRef(false);
  const show = useCallback(
    (next: Omit<Feedback, "refusals">) =>
      setFeedback((current) => ({ ...next, refusals: current.refusals + (hasFields(next.errors) ? 1 : 0) })),
    [],
  );

  const mutation = useMutation<R, unknown, I>({
    mutationFn: options.action,
    onSuccess: (result, input) => options.onSuccess?.(result, input),
    onError: (error, input) => {
      if (error instanceof FormInvalid) return show({ errors: error.fields, formError: null });
      const failure = typeof options.failure === "function" ? options.failure(error, input) : options.failure;
      show(tellFailure(error, failure, (options.fields ?? fieldErrorsFromServer)(error)));
    },
    onSettled: () => {
      running.current = false;
    },
  });

  const { mutate, reset: resetMutation } = mutation;
  const run = useCallback(
    (input: I) => {
      if (running.current) return;
      running.current = true;
      setFeedback((current) => ({ ...current, errors: {}, formError: null }));
      mutate(input);
    },
    [mutate],
  );
  const invalid = useCallback((errors: FieldErrors) => show({ errors, formError: null }), [show]);
  const reset = useCallback(() => {
    setFeedback((current) => ({ ...current, errors: {}, formError: null }));
    resetMutation();
  }, [resetMutation]);

  return {
    busy: mutation.isPending,
    pending: mutation.isPending ? mutation.variables : undefined,
    succeeded: mutation.isSuccess,
    errors: feedback.errors,
    formError: feedback.formError,
    refusals: feedback.refusals,
    run,
    invalid,
    reset,
  };
}
