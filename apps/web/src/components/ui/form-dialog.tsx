import type { ReactNode } from "react";
import { BusyButton } from "./busy-button";
import { Button } from "./button";
import { cn } from "./cn";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { Form, FormMessage } from "./form";
import type { Submit } from "./use-submit";

interface FormDialogProps {
  /** Default true: render the dialog while there is something to add or edit. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The form's accessible name, e.g. "Add credential". */
  label: string;
  /** The form's submit (useSubmit). */
  submit: Pick<Submit<never>, "busy" | "formError" | "refusals">;
  onSubmit: (form: HTMLFormElement) => void;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  /** The red submit button, for what cannot be undone. */
  destructive?: boolean;
  /** Shown instead of the form once it has done its work (e.g. a secret shown this once). */
  done?: ReactNode;
  className?: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog around a form: title and description, the fields, the form's own message, and Cancel
 * with the submit button (a spinner and disabled while busy; closing waits for the request).
 * Focus goes back to what opened it when it closes, and to the first invalid field on a refusal.
 * A form taller than the screen scrolls under its buttons, which stay in view at the bottom
 * (docs/adr/0058-form-kit-and-focus.md).
 */
export function FormDialog(props: FormDialogProps) {
  const {
    open = true,
    onClose,
    title,
    description,
    label,
    submit,
    onSubmit,
    submitLabel,
    submitIcon,
    destructive,
    done,
    className,
    children,
  } = props;
  const close = () => {
    if (!submit.busy) onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      {/* The scroll padding keeps a field focused by a refusal clear of the buttons above it. */}
      <DialogContent className={cn("max-h-[calc(100dvh-2rem)] scroll-pb-36 overflow-y-auto sm:scroll-pb-24", className)}>
        {done ?? (
          <Form submit={submit} onSubmit={onSubmit} className="grid gap-5" aria-label={label}>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            {children}
            <FormMessage message={submit.formError} />
            <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mt-4 -mb-6 bg-card px-6 pt-4 pb-6">
              <Button variant="outline" onClick={close} disabled={submit.busy}>
                Cancel
              </Button>
              <BusyButton type="submit" variant={destructive ? "destructive" : "default"} busy={submit.busy} icon={submitIcon}>
                {submitLabel}
              </BusyButton>
            </DialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
