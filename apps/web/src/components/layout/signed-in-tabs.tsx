import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "../ui/cn";
import { isTabActive, SIGNED_IN_TABS } from "./nav-links";

type Side = "left" | "right";

/**
 * The second bar for signed-in people. The active tab has aria-current="page"; nested paths count
 * too, so /tasks/... highlights Tasks (as do /evaluations/...) and /auth-contexts/... Auth Contexts.
 * On a phone the tabs do not fit: the bar scrolls sideways, keeps the active tab in view, and
 * a faded edge with an arrow shows on each side that has more tabs.
 */
export function SignedInTabs() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState<Record<Side, boolean>>({ left: false, right: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    // 1 px of slack: scroll positions are fractional on zoomed or high-density screens.
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  // Before paint: the active tab is centred when it would be cut off, so it never starts hidden.
  useLayoutEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && active) {
      const start = active.offsetLeft; // from the list's start (the list is positioned), scrolling aside
      const hidden = start < list.scrollLeft || start + active.offsetWidth > list.scrollLeft + list.clientWidth;
      if (hidden) list.scrollLeft = start - (list.clientWidth - active.offsetWidth) / 2;
    }
    measure();
  }, [pathname, measure]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    // A smooth scroll's last "scroll" event can come before the position settles (a busy main
    // thread lags the compositor); "scrollend" comes once it has, so the arrows end right.
    list.addEventListener("scrollend", measure);
    return () => {
      observer.disconnect();
      list.removeEventListener("scrollend", measure);
    };
  }, [measure]);

  const scrollTowards = (side: Side) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: (side === "left" ? -1 : 1) * list.clientWidth * 0.7, behavior: "smooth" });
  };

  return (
    <nav aria-label="Workspace" className="border-t">
      <div className="relative mx-auto w-full max-w-6xl">
        <ul ref={listRef} onScroll={measure} className="scrollbar-none relative flex gap-1 overflow-x-auto px-4 whitespace-nowrap sm:px-6">
          {SIGNED_IN_TABS.map((tab) => {
            const active = isTabActive(tab, pathname);
            return (
              <li key={tab.to} className="shrink-0">
                <Link
                  to={tab.to}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium transition-colors",
                    active
                      ? "border-primary text-primary"
                      : "border-transparent text-muted-foreground hover:border-input hover:text-foreground",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
        {more.left ? <MoreHint side="left" onClick={() => scrollTowards("left")} /> : null}
        {more.right ? <MoreHint side="right" onClick={() => scrollTowards("right")} /> : null}
      </div>
    </nav>
  );
}

/**
 * The faded edge over the tabs that are cut off, with an arrow that scrolls towards them. It is
 * a pointer aid only: keyboard and screen reader users reach every tab in the list itself.
 */
function MoreHint({ side, onClick }: { side: Side; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-more-tabs={side}
      onClick={onClick}
      className={cn(
        "absolute inset-y-0 flex w-12 items-center from-background from-45% to-transparent text-muted-foreground",
        side === "left" ? "left-0 justify-start bg-linear-to-r pl-1" : "right-0 justify-end bg-linear-to-l pr-1",
      )}
    >
      <Icon className="size-5" />
    </button>
  );
}
