import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";

interface IconButtonProps extends Omit<ButtonProps, "children" | "size" | "variant"> {
  /** What it does, for screen readers and as its tooltip (unless `title` says it otherwise). */
  label: string;
  icon: ReactNode;
  /** "destructive" turns red on hover (Delete, Remove). */
  tone?: "muted" | "destructive";
}

/** A quiet square button with only an icon: a row's Edit, Duplicate, Delete. */
export function IconButton({ label, icon, tone, title, className, ...props }: IconButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={title ?? label}
      className={cn(
        tone && "text-muted-foreground",
        tone === "muted" && "hover:text-foreground",
        tone === "destructive" && "hover:text-destructive",
        className,
      )}
      {...props}
    >
      {icon}
    </Button>
  );
}
