import type { ApplicationKey } from "../applications.ts";

/** One ready-made automation of the marketplace, as shipped in the catalogue and seeded on start. */
export interface CatalogAutomation {
  /** kebab-case, unique, never ending in -api, -make, -n8n or -zapier (those select a tab). */
  slug: string;
  title: string;
  /** Two or three sentences: what it does, what comes back, who it is for. */
  description: string;
  website: ApplicationKey;
  /** Category slugs from src/categories.ts; the first is the breadcrumb's. */
  categories: string[];
  /** True where the site needs a login (the user then picks a saved auth context). */
  needAuth: boolean;
  /** The task prompt, precise enough for the agent to do it unaided. */
  prompt: string;
  /** Where the browser starts; null lets the agent choose. */
  initialUrl: string | null;
  responseFormat: "text" | "json";
  /**
   * For list output: a JSON schema whose root is an object with exactly one property holding an
   * array of flat objects (that shape is shown as a table and downloads as CSV). Null for text.
   */
  jsonSchema: Record<string, unknown> | null;
  /** Seconds; omitted means the default 300. */
  sessionTimeout?: number;
}
