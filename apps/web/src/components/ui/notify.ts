import { toast } from "sonner";

/**
 * Toasts are (title, description) pairs, one at a time (spec sections 4 and 8).
 * `error` uses the destructive (red) style.
 */
function show(kind: "success" | "error", title: string, description?: string): void {
  toast.dismiss();
  toast[kind](title, { description });
}

export const notify = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
};
