import type { MouseEvent, ReactNode } from "react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";
import { Spinner } from "./spinner";

export interface BusyButtonProps extends ButtonProps {
  /** This button's action is under way: a spinner stands in for its icon, and it is disabled. */
  busy: boolean;
  icon?: ReactNode;
  /** Its label while busy, when it changes (e.g. "Sending..."). */
  busyLabel?: ReactNode;
}

/**
 * A button whose action takes a request: disabled and marked busy while it runs. While busy it is
 * disabled with aria-disabled, not the disabled attribute: the browser takes focus away from a
 * control that becomes disabled, and the person pressing Save would be left on the page's body
 * (docs/adr/0058-form-kit-and-focus.md). Its clicks (and a form's Enter) do nothing meanwhile.
 */
export function BusyButton({ busy, icon, busyLabel, disabled, className, onClick, children, ...props }: BusyButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <Button
      disabled={disabled && !busy}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      className={cn("aria-disabled:cursor-progress aria-disabled:opacity-60", className)}
      onClick={click}
      {...props}
    >
      {busy ? <Spinner /> : icon}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
