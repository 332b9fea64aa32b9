import type { ReactNode } from "react";
import { cn } from "../../ui/cn";

/** Decorative by default (a mark sits next to its visible name); with a label it is announced as an image. */
export function markA11y(label: string | undefined) {
  return label ? ({ role: "img", "aria-label": label } as const) : ({ "aria-hidden": true } as const);
}

/** The 24×24 frame every drawn mark is painted in. */
export function MarkSvg({ className, label, children }: { className?: string; label?: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" className={cn("size-6 shrink-0", className)} {...markA11y(label)}>
      {children}
    </svg>
  );
}
