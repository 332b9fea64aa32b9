/**
 * Known application sites (spec section 3, "website key"). The key is stored in
 * automations.website and used as the URL segment of /automations/applications/{key}.
 */
export const APPLICATIONS = [
  { key: "any-website", label: "Any website", url: null },
  { key: "x", label: "X", url: "https://x.com" },
  { key: "y-combinator", label: "Y Combinator", url: "https://www.ycombinator.com" },
  { key: "superpages", label: "Superpages", url: "https://www.superpages.com" },
  { key: "product-hunt", label: "Product Hunt", url: "https://www.producthunt.com" },
  { key: "linkedin", label: "LinkedIn", url: "https://www.linkedin.com" },
  { key: "google-flights", label: "Google Flights", url: "https://www.google.com/travel/flights" },
  { key: "hacker-news", label: "Hacker News", url: "https://news.ycombinator.com" },
  { key: "lovable", label: "Lovable", url: "https://lovable.dev" },
] as const satisfies readonly { key: string; label: string; url: string | null }[];

export type ApplicationKey = (typeof APPLICATIONS)[number]["key"];
export type Application = (typeof APPLICATIONS)[number];

export function findApplication(keyOrLabel: string | null | undefined): Application | undefined {
  if (!keyOrLabel) return undefined;
  const wanted = keyOrLabel.trim().toLowerCase();
  return APPLICATIONS.find((app) => app.key === wanted || app.label.toLowerCase() === wanted);
}
