import { z } from "zod";
import { RESPONSE_FORMATS, type INTEGRATION_TABS } from "./constants.ts";

/** Resource: automations (the public marketplace). */
export const automationSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Application key (e.g. "hacker-news"); null when none is known. */
  website: z.string().nullable(),
  categories: z.array(z.string()),
  need_auth: z.boolean(),
});
export type AutomationSummary = z.infer<typeof automationSummarySchema>;

/** One automation with the task settings "Try This Automation" starts from. */
export const automationSchema = automationSummarySchema.extend({
  prompt: z.string(),
  initial_url: z.string().nullable(),
  response_format: z.enum(RESPONSE_FORMATS),
  json_schema: z.unknown().nullable(),
  session_timeout: z.number().int(),
  /** The public demo run replayed on the page, when there is one. */
  run_id: z.uuid().nullable(),
  updated_at: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;

const filterText = z.string().trim().max(200).optional();

/** GET /automations: every filter optional; ordered by title. */
export const automationListQuerySchema = z.object({
  search: filterText,
  category: filterText,
  application: filterText,
});
export type AutomationListQuery = z.infer<typeof automationListQuerySchema>;

export const automationListSchema = z.object({ automations: z.array(automationSummarySchema) });
export type AutomationList = z.infer<typeof automationListSchema>;

/** GET /automations/facets: the sidebars, counted over the whole catalogue. */
export const automationFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  applications: z.array(z.object({ application: z.string(), count: z.number().int() })),
});
export type AutomationFacets = z.infer<typeof automationFacetsSchema>;

/**
 * One ready-made automation as the catalogue (@errand/content) ships it and the start-up seeds it
 * (services' seedAutomations): one shape for both.
 */
export interface AutomationSeed {
  /** kebab-case, unique, never ending in -api, -make, -n8n or -zapier (those select a tab). */
  slug: string;
  title: string;
  /** Two or three sentences: what it does, what comes back, who it is for. */
  description: string;
  /** The application's key (the content's applications list). */
  website: string;
  /** Category slugs (the content's categories); the first is the breadcrumb's. */
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

export type IntegrationTab = (typeof INTEGRATION_TABS)[number];
const TAB_SUFFIX = /-(api|make|n8n|zapier)$/;

/** "/automations/{slug}[-api|-make|-n8n|-zapier]" -> the slug and the integration tab it selects. */
export function parseAutomationSlug(raw: string): { slug: string; tab: IntegrationTab } {
  const match = TAB_SUFFIX.exec(raw);
  if (!match) return { slug: raw, tab: "api" };
  return { slug: raw.slice(0, match.index), tab: match[1] as IntegrationTab };
}

/** The URL segment for a slug and tab: no suffix for api (spec section 2). */
export function automationPathSegment(slug: string, tab: IntegrationTab): string {
  return tab === "api" ? slug : `${slug}-${tab}`;
}
