import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

/**
 * The link under or beside folded content that unfolds it and folds it again ("Show more" /
 * "Show less"): it says whether the content it `controls` (an element id) is open.
 */
export function FoldToggle({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="link"
      size="sm"
      className={cn("h-auto px-0", className)}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </Button>
  );
}
