import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn";

/**
 * The illustrative "app window" next to each feature. It is a picture made of HTML: assistive
 * technology hears its one-line description, not the mock content inside.
 */
export function PanelFrame({
  description,
  title,
  children,
  className,
}: {
  description: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="img"
      aria-label={description}
      className={cn("overflow-hidden rounded-2xl border bg-card shadow-xl shadow-primary/5", className)}
    >
      <div className="flex items-center gap-3 border-b bg-muted/70 px-4 py-2.5">
        <span className="flex shrink-0 gap-1.5">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-green-300" />
        </span>
        <span className="truncate text-xs font-medium text-muted-foreground">{title}</span>
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </div>
  );
}
