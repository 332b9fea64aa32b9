import type { ReactNode } from "react";
import { Label } from "../../components/ui/label";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Rendered at the right of the label (e.g. "Forgot password?"). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A label, its control and the inline error below it (linked by `${id}-error`). */
export function FormField({ id, label, error, aside, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** ARIA attributes of a control whose field may show an error. */
export function errorProps(id: string, error?: string) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}
