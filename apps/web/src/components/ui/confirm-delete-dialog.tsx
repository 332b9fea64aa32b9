import { useState, type ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { ApiRequestError } from "../../api/http";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { Spinner } from "./spinner";

interface ConfirmDeleteDialogProps<T> {
  /** What to delete; null keeps the dialog closed. */
  item: T | null;
  title: string;
  /** What will be lost, in words. */
  describe: (item: T) => ReactNode;
  /** The DELETE request. */
  remove: (item: T) => Promise<unknown>;
  /** After the delete, or when it was already gone (404: another tab): caches and the success toast. */
  onDeleted: (item: T) => void;
  /** Any other failure: the error toast (the dialog stays open to try again). */
  onFailed: () => void;
  onClose: () => void;
}

/** "Delete …?" with Cancel and Delete; Escape and the outside click cancel unless a delete is under way. */
export function ConfirmDeleteDialog<T>({ item, title, describe, remove, onDeleted, onFailed, onClose }: ConfirmDeleteDialogProps<T>) {
  const [busy, setBusy] = useState(false);
  // Keep the last item while the dialog animates closed, so its text does not vanish.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);

  async function confirm() {
    if (!item) return;
    setBusy(true);
    try {
      await remove(item);
      onDeleted(item);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        onDeleted(item);
        onClose();
      } else onFailed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-words">{shown ? describe(shown) : null}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
