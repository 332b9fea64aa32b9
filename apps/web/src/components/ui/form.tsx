import { useEffect, useRef, type ComponentProps, type FormEvent } from "react";
import { cn } from "./cn";

const FOCUSABLE = "input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex='-1'])";

/**
 * The first control marked invalid, in the order of the page: a group marked invalid (a
 * fieldset) gives its first control. Disabled controls are passed over.
 */
export function firstInvalidControl(form: HTMLElement): HTMLElement | null {
  for (const marked of form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    const control = marked.matches(FOCUSABLE) ? marked : marked.querySelector<HTMLElement>(FOCUSABLE);
    if (control && !control.matches(":disabled")) return control;
  }
  return null;
}

interface FormProps extends Omit<ComponentProps<"form">, "onSubmit"> {
  /** The form's submit (useSubmit): after each refusal that names fields, focus goes to the first invalid one. */
  submit: { refusals: number };
  /** Called with the form on submit (the browser's own submit is prevented). */
  onSubmit: (form: HTMLFormElement, event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form of the kit: checked by our code (noValidate unless told otherwise), and after a refused
 * submit the keyboard lands on the field to fix, which also brings its message into view.
 */
export function Form({ submit, onSubmit, noValidate = true, children, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const { refusals } = submit;
  useEffect(() => {
    if (refusals > 0 && ref.current) firstInvalidControl(ref.current)?.focus();
  }, [refusals]);
  return (
    <form
      ref={ref}
      noValidate={noValidate}
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget, event);
      }}
    >
      {children}
    </form>
  );
}

/** A refusal the form says as a whole (not at a field), announced when it appears. */
export function FormMessage({ message, className }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={cn("text-sm text-destructive", className)}>
      {message}
    </p>
  ) : null;
}
