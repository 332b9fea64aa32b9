import { DOCS_PATH, REPOSITORY_URL } from "@errand/contract";

export interface NavLinkItem {
  label: string;
  to: string;
  /** Other areas that belong to this tab, so it stays the current one there. */
  also?: readonly string[];
}

/** Links of the navigation bar, in order (spec section 2, "Navigation bar"). */
export const PRIMARY_LINKS: readonly NavLinkItem[] = [
  { label: "Automations", to: "/automations" },
  { label: "Features", to: "/features" },
];

export const INTEGRATION_LINKS: readonly NavLinkItem[] = [
  { label: "Make", to: "/make-integration" },
  { label: "Zapier", to: "/zapier-integration" },
  { label: "n8n", to: "/n8n-integration" },
];

export const DOCS_LINK: NavLinkItem = { label: "Docs", to: DOCS_PATH };

export const REPOSITORY_LINK = { href: REPOSITORY_URL, label: "Source code on GitHub" } as const;

/**
 * The signed-in tab bar: the spec's five tabs (spec section 2, "Navigation bar"). A tab is active
 * on its path, its `also` paths and every path under them; evaluations are suites of tasks, so
 * /evaluations pages belong to Tasks (reached from the Tasks page's header).
 */
export const SIGNED_IN_TABS: readonly NavLinkItem[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Tasks", to: "/tasks", also: ["/evaluations"] },
  { label: "Auth Contexts", to: "/auth-contexts" },
  { label: "Credits", to: "/credits" },
  { label: "API keys", to: "/api-keys" },
];

const isUnder = (pathname: string, path: string) => pathname.toLowerCase() === path || pathname.toLowerCase().startsWith(`${path}/`);

/** Whether a tab is the current one at this path. */
export function isTabActive(tab: NavLinkItem, pathname: string): boolean {
  return [tab.to, ...(tab.also ?? [])].some((path) => isUnder(pathname, path));
}
