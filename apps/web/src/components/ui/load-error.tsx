import { Button } from "./button";
import { cn } from "./cn";

/** "X could not be loaded." with a Try again button, for a query that failed. */
export function LoadError({
  message,
  onRetry,
  retrying,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-3 text-sm text-muted-foreground", className)}>
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  );
}
