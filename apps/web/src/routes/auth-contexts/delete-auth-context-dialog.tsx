import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import type { AuthContext } from "@errand/contract";
import { authContextsQueryOptions, deleteAuthContext, invalidateAuthContexts } from "../../api/auth-contexts";
import { ApiRequestError } from "../../api/http";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../lib/notify";

interface DeleteAuthContextDialogProps {
  /** The context to delete; null keeps the dialog closed. */
  context: AuthContext | null;
  onClose: () => void;
}

/** Confirms, then DELETE /auth-contexts/{id}; the toasts are those of spec section 8. */
export function DeleteAuthContextDialog({ context, onClose }: DeleteAuthContextDialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Keep the last context while the dialog animates closed, so its text does not vanish.
  const [shown, setShown] = useState(context);
  if (context && context !== shown) setShown(context);

  async function confirm() {
    if (!context) return;
    setBusy(true);
    try {
      await deleteAuthContext(context.id);
      onDeleted(context.id);
      notify.success("Authentication context deleted successfully");
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        // Already gone (another tab): the list just catches up.
        onDeleted(context.id);
        notify.success("Authentication context deleted successfully");
        onClose();
      } else {
        notify.error("Failed to delete authentication context.");
      }
    } finally {
      setBusy(false);
    }
  }

  function onDeleted(id: string) {
    queryClient.setQueryData(authContextsQueryOptions.queryKey, (list) => list?.filter((item) => item.id !== id));
    void invalidateAuthContexts(queryClient);
  }

  return (
    <Dialog open={context !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete auth context?</DialogTitle>
          <DialogDescription>
            The saved login &ldquo;{shown?.name}&rdquo; will be deleted. Tasks that use it will run without a saved login.
            This cannot be undone.
          </DialogDescription>
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
