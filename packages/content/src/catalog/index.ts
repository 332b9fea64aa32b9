import { ANY_WEBSITE_DATA } from "./any-website-data.ts";
import { ANY_WEBSITE_TASKS } from "./any-website-tasks.ts";
import { GOOGLE_FLIGHTS_AUTOMATIONS } from "./google-flights.ts";
import { HACKER_NEWS_AUTOMATIONS } from "./hacker-news.ts";
import { LINKEDIN_AUTOMATIONS } from "./linkedin.ts";
import { LOVABLE_AUTOMATIONS } from "./lovable.ts";
import { PRODUCT_HUNT_AUTOMATIONS } from "./product-hunt.ts";
import { SUPERPAGES_AUTOMATIONS } from "./superpages.ts";
import type { CatalogAutomation } from "./types.ts";
import { X_AUTOMATIONS } from "./x.ts";
import { Y_COMBINATOR_AUTOMATIONS } from "./y-combinator.ts";

export type { CatalogAutomation } from "./types.ts";

/** Every ready-made automation of the marketplace, seeded on start (upsert by slug). */
export const CATALOG: readonly CatalogAutomation[] = [
  ...ANY_WEBSITE_DATA,
  ...ANY_WEBSITE_TASKS,
  ...X_AUTOMATIONS,
  ...Y_COMBINATOR_AUTOMATIONS,
  ...SUPERPAGES_AUTOMATIONS,
  ...PRODUCT_HUNT_AUTOMATIONS,
  ...LINKEDIN_AUTOMATIONS,
  ...GOOGLE_FLIGHTS_AUTOMATIONS,
  ...HACKER_NEWS_AUTOMATIONS,
  ...LOVABLE_AUTOMATIONS,
];
