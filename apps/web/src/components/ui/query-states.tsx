import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadError } from "./load-error";

interface QueryStatesProps<T> {
  query: UseQueryResult<T>;
  /** While the first answer is awaited (a skeleton). */
  loading: ReactNode;
  /** "Your tasks could not be loaded.": said with Try again when the query failed. */
  failed: string;
  failedClassName?: string;
  /** What is said when the answer holds nothing. */
  empty: ReactNode;
  /** Whether the answer holds nothing (default: an empty list). */
  isEmpty?: (data: T) => boolean;
  /** The answer, when it holds something. */
  children: (data: T) => ReactNode;
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A query's four states, the same on every screen: loading, could not be loaded (Try again), nothing yet, and the data. */
export function QueryStates<T>({ query, loading, failed, failedClassName, empty, isEmpty = emptyList, children }: QueryStatesProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <LoadError message={failed} query={query} className={failedClassName} />;
  return isEmpty(query.data) ? empty : children(query.data);
}

/** "Nothing yet" in a dashed box, where a list would stand. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{children}</p>;
}
