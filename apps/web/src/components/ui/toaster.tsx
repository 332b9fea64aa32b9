import { Toaster as Sonner } from "sonner";
import { TOAST } from "@errand/contract";

/** One toast at a time, 5 s, dismissible, red for failures (spec sections 4 and 9). */
export function Toaster() {
  return <Sonner theme="light" position="bottom-right" visibleToasts={TOAST.visible} duration={TOAST.duration} closeButton richColors />;
}
