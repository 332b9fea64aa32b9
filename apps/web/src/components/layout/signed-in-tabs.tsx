import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "../../lib/utils";
import { SIGNED_IN_TABS } from "./nav-links";

/**
 * The second bar for signed-in people. NavLink marks the active tab with aria-current="page";
 * it matches nested paths too, so /tasks/... highlights Tasks and /auth-contexts/... Auth Contexts.
 * On a phone the bar scrolls sideways and keeps the active tab in view.
 */
export function SignedInTabs() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active) return;
    const overflowsLeft = active.offsetLeft < list.scrollLeft;
    const overflowsRight = active.offsetLeft + active.offsetWidth > list.scrollLeft + list.clientWidth;
    if (overflowsLeft || overflowsRight) list.scrollLeft = active.offsetLeft - 16;
  }, [pathname]);

  return (
    <nav aria-label="Workspace" className="border-t">
      <ul
        ref={listRef}
        className="scrollbar-none relative mx-auto flex w-full max-w-6xl gap-1 overflow-x-auto px-4 whitespace-nowrap sm:px-6"
      >
        {SIGNED_IN_TABS.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium transition-colors",
                  isActive
                    ? "border-primary text-primary"
                    : "border-transparent text-muted-foreground hover:border-input hover:text-foreground",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
