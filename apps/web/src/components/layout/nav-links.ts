import { DOCS_PATH, REPOSITORY_URL } from "@errand/contract";

export interface NavLinkItem {
  label: string;
  to: string;
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

/** The signed-in tab bar; a tab is active on its path and every path under it. */
export const SIGNED_IN_TABS: readonly NavLinkItem[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Tasks", to: "/tasks" },
  { label: "Evaluations", to: "/evaluations" },
  { label: "Auth Contexts", to: "/auth-contexts" },
  { label: "Credits", to: "/credits" },
  { label: "API keys", to: "/api-keys" },
];
