import type { ReactElement, ReactNode } from "react";
import { Slot } from "@radix-ui/react-slot";
import { cn } from "./cn";
import { Label } from "./label";

interface FieldTexts {
  /** The control's id: the hint and the error take `${id}-hint` and `${id}-error`. */
  id: string;
  /** What the field is for, shown under the control (a warning when `hintTone` is "warning"). */
  hint?: ReactNode;
  hintTone?: "muted" | "warning";
  /** The field's message from a refused submit; the control is marked invalid while there is one. */
  error?: string;
}

/**
 * The ARIA attributes that tie a control to its field's texts: invalid while there is an error,
 * described by the error, then the hint, then any `extra` ids (e.g. a keyboard hint elsewhere).
 */
export function fieldControlProps({ id, hint, error }: FieldTexts, extra?: string) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, extra ?? null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/** The hint, then the error, under a field's control. */
function FieldTextsBelow({ id, hint, hintTone = "muted", error }: FieldTexts) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={cn("text-xs", hintTone === "warning" ? "text-amber-700" : "text-muted-foreground")}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface FormFieldProps extends FieldTexts {
  label: ReactNode;
  /** Shown at the right of the label (e.g. "Forgot password?"). */
  aside?: ReactNode;
  /** More ids the control is described by. */
  describedBy?: string;
  className?: string;
  /**
   * The control: it receives the id and the ARIA attributes. A compound control (a password with
   * its show button, a select with a button beside it) passes them on to its input.
   */
  children: ReactElement;
}

/** A label, its control, and the hint and error below it: every form field of the app. */
export function FormField({ id, label, aside, hint, hintTone, error, describedBy, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      <Slot id={id} {...fieldControlProps({ id, hint, error }, describedBy)}>
        {children}
      </Slot>
      <FieldTextsBelow id={id} hint={hint} hintTone={hintTone} error={error} />
    </div>
  );
}

interface FormFieldsetProps extends FieldTexts {
  legend: ReactNode;
  legendClassName?: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** A group of controls under one legend (checkboxes, a pair of selects), with the group's hint and error. */
export function FormFieldset({ id, legend, legendClassName, hint, hintTone, error, disabled, className, children }: FormFieldsetProps) {
  return (
    <fieldset id={id} className={cn("grid content-start gap-2", className)} disabled={disabled} {...fieldControlProps({ id, hint, error })}>
      <legend className={cn("mb-2 text-sm font-medium", legendClassName)}>{legend}</legend>
      {children}
      <FieldTextsBelow id={id} hint={hint} hintTone={hintTone} error={error} />
    </fieldset>
  );
}
