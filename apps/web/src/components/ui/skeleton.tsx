import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="skeleton" className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)} {...props} />;
}

/** Placeholder bars, one per class list, announced as `label` ("Loading steps") while something loads. */
export function LoadingBars({ label, bars, className }: { label: string; bars: string[]; className?: string }) {
  return (
    <div className={cn("grid gap-2", className)} role="status" aria-label={label}>
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}

interface SkeletonRowsProps {
  /** Announced while the list loads: "Loading tasks". */
  label: string;
  rows: number;
  /** Each row's box; `children` is drawn in every row. */
  rowClassName: string;
  children: ReactNode;
}

/** A divided list's placeholder rows, all alike, while it loads. */
export function SkeletonRows({ label, rows, rowClassName, children }: SkeletonRowsProps) {
  return (
    <div role="status" aria-label={label} className="divide-y">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={rowClassName}>
          {children}
        </div>
      ))}
    </div>
  );
}
