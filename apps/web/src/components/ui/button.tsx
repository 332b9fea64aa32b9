import type { ComponentProps } from "react";
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { cn } from "./cn";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover",
        outline: "border border-input bg-background shadow-sm hover:bg-muted",
        secondary: "bg-muted text-foreground hover:bg-border",
        ghost: "hover:bg-muted",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-11 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, disabled, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  // A button in server-rendered HTML does nothing until its page hydrates: it says so (disabled,
  // without fading: the wait is short) instead of swallowing a click. Links (asChild) work as links.
  const waiting = !useHydrated() && !asChild;
  return (
    <Comp
      data-slot="button"
      data-hydrating={waiting ? "" : undefined}
      className={cn(buttonVariants({ variant, size }), waiting && "disabled:opacity-100 disabled:cursor-progress", className)}
      type={asChild ? type : (type ?? "button")}
      disabled={asChild ? disabled : disabled || waiting}
      {...props}
    />
  );
}
