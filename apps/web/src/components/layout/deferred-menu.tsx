import { Suspense, useState, type ComponentProps, type ReactNode } from "react";

type TriggerProps = Pick<ComponentProps<"button">, "type" | "aria-haspopup" | "aria-expanded" | "onClick" | "onFocus" | "onPointerEnter">;

interface DeferredMenuProps {
  /** Starts loading the menu's code (called on hover and focus of the stand-in trigger). */
  preload: () => void;
  /** Renders the trigger: the stand-in before the menu code is there, and while it loads. */
  renderTrigger: (props: TriggerProps) => ReactNode;
  /** The lazily loaded menu, rendered open (`defaultOpen`) once the stand-in is clicked. */
  children: ReactNode;
}

/**
 * A dropdown whose code (Radix menu, popper, focus management: ~28 kB gzip) stays out of the
 * entry chunk. A plain button stands in until the first click; then the real menu mounts open.
 */
export function DeferredMenu({ preload, renderTrigger, children }: DeferredMenuProps) {
  const [activated, setActivated] = useState(false);
  const trigger = renderTrigger({
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setActivated(true),
  });
  if (!activated) return trigger;
  return <Suspense fallback={trigger}>{children}</Suspense>;
}
