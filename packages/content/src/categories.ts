/** Marketplace categories: the slug is stored in automations.categories and used in URLs. */
export interface Category {
  slug: string;
  label: string;
  /** One sentence for the category page and its meta description. */
  description: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    slug: "sales",
    label: "Sales",
    description: "Automations that research accounts, enrich prospects and take repetitive web work off sales teams' hands.",
  },
  {
    slug: "marketing",
    label: "Marketing",
    description: "Automations for competitor research, brand monitoring, content performance and landing page reviews.",
  },
  {
    slug: "startups",
    label: "Start-ups",
    description: "Automations for founders and investors: follow new launches, research start-ups and turn ideas into prototypes.",
  },
  {
    slug: "lead-generation",
    label: "Lead Generation",
    description:
      "Build prospect lists from directories, social networks and company websites, with contact details ready to export as CSV.",
  },
  {
    slug: "research",
    label: "Research",
    description: "Gather, compare and summarise information from across the web for market, product and competitor research.",
  },
  {
    slug: "e-commerce",
    label: "E-commerce",
    description: "Extract product listings and reviews, compare prices across stores and watch product pages for price changes.",
  },
  {
    slug: "social-media",
    label: "Social Media",
    description: "Track posts, mentions, trends and engagement on X and LinkedIn, and publish posts from your own accounts.",
  },
  {
    slug: "travel",
    label: "Travel",
    description: "Search flights, compare fares across dates and destinations, and check whether a price is worth booking.",
  },
  {
    slug: "recruiting",
    label: "Recruiting",
    description: "Find job openings, hiring companies and candidate profiles on LinkedIn, Y Combinator and Hacker News.",
  },
  {
    slug: "monitoring",
    label: "Monitoring",
    description: "Keep an eye on prices, brand mentions, page updates and broken links, with a clear answer every time the check runs.",
  },
  {
    slug: "data-extraction",
    label: "Data Extraction",
    description: "Turn web pages into clean tables: listings, tables, reviews and directories, ready to view or download as CSV.",
  },
  {
    slug: "productivity",
    label: "Productivity",
    description: "Hand off routine web chores such as summarising pages, filling in forms, publishing posts and managing projects.",
  },
];

export function findCategory(slug: string | null | undefined): Category | undefined {
  if (!slug) return undefined;
  const wanted = slug.trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === wanted);
}

/** "lead-generation" -> "Lead Generation" for a slug not in the list. */
export function categoryLabel(slug: string): string {
  return (
    findCategory(slug)?.label ??
    slug
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  );
}
