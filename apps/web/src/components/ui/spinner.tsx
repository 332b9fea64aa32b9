import { Loader2 } from "lucide-react";
import { cn } from "./cn";

/** A decorative spinning icon; wrap it in a role="status" element when it is the only content. */
export function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn("size-4 animate-spin motion-reduce:animate-none", className)} aria-hidden="true" />;
}

/** A centred spinner announced as "Loading", for whole-page waits. */
export function PageSpinner({ className }: { className?: string }) {
  return (
    <div role="status" aria-label="Loading" className={cn("flex min-h-[50vh] items-center justify-center", className)}>
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
