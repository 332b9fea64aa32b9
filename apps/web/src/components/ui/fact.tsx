import type { ReactNode } from "react";

/**
 * One fact of a description list of facts ("Cost: $0.12"), its label muted before its value; a
 * long word in it (a batch's inputs) breaks rather than widening the page.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 break-words">
      <dt className="inline text-muted-foreground">{label}: </dt>
      <dd className="inline font-medium tabular-nums">{children}</dd>
    </div>
  );
}
