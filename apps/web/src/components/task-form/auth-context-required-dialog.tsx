import { ConfirmDialog } from "../ui/confirm-dialog";

interface Props {
  open: boolean;
  onCancel: () => void;
  onContinue: () => void;
}

/** Asks before running a task that needs a saved login without one (spec section 5). */
export function AuthContextRequiredDialog({ open, onCancel, onContinue }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title="Authentication Context Required"
      description="This task works on a site that needs you to be signed in, and no auth context is selected. Without one the agent may not get past the login page. Do you want to continue anyway?"
      confirmLabel="Continue"
      onConfirm={onContinue}
      onCancel={onCancel}
    />
  );
}
