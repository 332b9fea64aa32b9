import type { ReactNode } from "react";
import { BusyButton } from "./busy-button";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in words. */
  description: ReactNode;
  confirmLabel: ReactNode;
  confirmIcon?: ReactNode;
  /** The red button, for what cannot be undone. */
  destructive?: boolean;
  /** The confirmed action is under way: its button spins, and Cancel, Escape and the outside click wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question with Cancel and one action: "Delete …?", "Regenerate your API key?", "Continue anyway?". */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  confirmIcon,
  destructive,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-words">{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <BusyButton variant={destructive ? "destructive" : "default"} busy={busy} icon={confirmIcon} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
