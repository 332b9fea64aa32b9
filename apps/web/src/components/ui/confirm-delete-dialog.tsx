import { useState, type ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { ApiRequestError } from "../../api/http";
import { ConfirmDialog } from "./confirm-dialog";
import { useSubmit } from "./use-submit";

interface ConfirmDeleteDialogProps<T> {
  /** What to delete; null keeps the dialog closed. */
  item: T | null;
  title: string;
  /** What will be lost, in words. */
  describe: (item: T) => ReactNode;
  /** The DELETE request (a 404 counts as done). */
  remove: (item: T) => Promise<unknown>;
  /** After the delete, or when it was already gone (404: another tab): caches and the success toast. */
  onDeleted: (item: T) => void;
  /** Any other failure: the error toast (the dialog stays open to try again). */
  onFailed: () => void;
  onClose: () => void;
  /** The confirming button's word when the thing is removed rather than deleted ("Remove"). */
  confirmLabel?: string;
}

/** "Delete …?" with Cancel and Delete; Escape and the outside click cancel unless a delete is under way. */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  describe,
  remove,
  onDeleted,
  onFailed,
  onClose,
  confirmLabel = "Delete",
}: ConfirmDeleteDialogProps<T>) {
  // Keep the last item while the dialog animates closed, so its text does not vanish.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  const deletion = useSubmit({
    action: async (target: T) => {
      try {
        await remove(target);
      } catch (error) {
        // Already gone (another tab): what the person wanted.
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
      return target;
    },
    onSuccess: (target) => {
      onDeleted(target);
      onClose();
    },
    failure: () => {
      onFailed();
      return null;
    },
  });

  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      description={shown ? describe(shown) : null}
      confirmLabel={confirmLabel}
      confirmIcon={<Trash2 aria-hidden="true" />}
      destructive
      busy={deletion.busy}
      onConfirm={() => (item ? deletion.run(item) : undefined)}
      onCancel={onClose}
    />
  );
}
