import { Button } from "./button";
import { cn } from "./cn";

/** What Try again does: fetch the failed query again (busy while it does), or the caller's own retry. */
type Retry = { query: { refetch: () => unknown; isFetching: boolean } } | { onRetry: () => void; retrying: boolean };

/** "X could not be loaded." with a Try again button, for a query that failed. */
export function LoadError(props: { message: string; className?: string } & Retry) {
  const [onRetry, retrying] =
    "query" in props ? [() => void props.query.refetch(), props.query.isFetching] : [props.onRetry, props.retrying];
  return (
    <div className={cn("flex flex-wrap items-center gap-3 text-sm text-muted-foreground", props.className)}>
      <p>{props.message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  );
}
