import { useQueryClient } from "@tanstack/react-query";
import type { AuthContext } from "@errand/contract";
import { authContextsQueryOptions, deleteAuthContext, invalidateAuthContexts } from "../../api/auth-contexts";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { notify } from "../../components/ui/notify";

interface DeleteAuthContextDialogProps {
  /** The context to delete; null keeps the dialog closed. */
  context: AuthContext | null;
  onClose: () => void;
}

/** Confirms, then DELETE /auth-contexts/{id}; the toasts are those of spec section 8. */
export function DeleteAuthContextDialog({ context, onClose }: DeleteAuthContextDialogProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteDialog
      item={context}
      title="Delete auth context?"
      describe={(shown) => (
        <>
          The saved login &ldquo;{shown.name}&rdquo; will be deleted. Tasks that use it will run without a saved login. This cannot be
          undone.
        </>
      )}
      remove={(shown) => deleteAuthContext(shown.id)}
      onDeleted={(shown) => {
        queryClient.setQueryData(authContextsQueryOptions.queryKey, (list) => list?.filter((item) => item.id !== shown.id));
        void invalidateAuthContexts(queryClient);
        notify.success("Authentication context deleted successfully");
      }}
      onFailed={() => notify.error("Failed to delete authentication context.")}
      onClose={onClose}
    />
  );
}
