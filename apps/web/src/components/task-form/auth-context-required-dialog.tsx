import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";

interface Props {
  open: boolean;
  onCancel: () => void;
  onContinue: () => void;
}

/** Asks before running a task that needs a saved login without one (spec section 5). */
export function AuthContextRequiredDialog({ open, onCancel, onContinue }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Authentication Context Required</DialogTitle>
          <DialogDescription>
            This task works on a site that needs you to be signed in, and no auth context is selected. Without one
            the agent may not get past the login page. Do you want to continue anyway?
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onContinue}>Continue</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
