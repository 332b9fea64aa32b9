import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

export interface BusyButtonProps extends ButtonProps {
  /** This button's action is under way: a spinner stands in for its icon, and it is disabled. */
  busy: boolean;
  icon?: ReactNode;
  /** Its label while busy, when it changes (e.g. "Sending..."). */
  busyLabel?: ReactNode;
}

/** A button whose action takes a request: disabled and marked busy while it runs. */
export function BusyButton({ busy, icon, busyLabel, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button disabled={disabled || busy} aria-busy={busy} {...props}>
      {busy ? <Spinner /> : icon}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
