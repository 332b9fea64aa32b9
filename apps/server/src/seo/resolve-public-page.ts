import { CONTROL_CHARACTERS_ONE_LINE, INTEGRATION_NAMES, type IntegrationName } from "@errand/contract";
import { findApplication } from "@errand/content/applications";
import { categoryLabel, findCategory } from "@errand/content/categories";
import { INTEGRATIONS } from "@errand/content/integrations";
import {
  automationMeta,
  contactMeta,
  featuresMeta,
  homeMeta,
  integrationMeta,
  marketplaceMeta,
  type PageMeta,
} from "@errand/content/page-meta";
import { getAutomation, getAutomationFacets, listAutomations } from "@errand/services/automations";
import { ServiceError, type ServiceContext } from "@errand/services";
import { isAppPath } from "./app-paths.ts";
import { sharedEvaluationPage, sharedRunPage } from "./shared-run-page.ts";

/** What the server adds to the page shell of a public page. */
export interface PublicPage {
  /** Title, description, canonical, Open Graph, structured data; null for other pages. */
  meta: PageMeta | null;
  /** 404 for an automation, category or application that does not exist, and for any path no page serves. */
  status: 200 | 404;
  /** The page's lazy module (its source path in the web build's manifest), fetched at once. */
  module?: string;
  /** Public API answers the page asks for first, by GET path, so it needs no round trip. */
  embedded?: Record<string, unknown>;
}

const PAGES = "src/routes";
const none: PublicPage = { meta: null, status: 200 };
const missing: PublicPage = { meta: null, status: 404 };

/** The public page at a path: its meta for clients that run no JavaScript, and what speeds it up. */
export async function resolvePublicPage(ctx: ServiceContext, origin: string, pathname: string): Promise<PublicPage> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  // A NUL or other control character names no page (and must never reach a query).
  if (CONTROL_CHARACTERS_ONE_LINE.test(safeDecode(path))) return missing;
  if (path === "/") return { meta: homeMeta(origin), status: 200 };
  if (path === "/features") return { meta: featuresMeta(), status: 200, module: `${PAGES}/marketing/features-page.tsx` };
  if (path === "/contact") return { meta: contactMeta(), status: 200, module: `${PAGES}/marketing/contact-page.tsx` };

  const integration = /^\/([a-z0-9]+)-integration$/.exec(path)?.[1];
  if (integration && (INTEGRATION_NAMES as readonly string[]).includes(integration)) {
    const page = INTEGRATIONS[integration as IntegrationName];
    return { meta: integrationMeta(origin, page), status: 200, module: `${PAGES}/integrations/integration-landing-page.tsx` };
  }

  const segments = path.split("/").slice(1).map(safeDecode);
  if (segments[0] === "shared" && segments.length === 2 && segments[1]) return sharedRunPage(ctx, segments[1]);
  if (segments[0] === "shared" && segments.length === 3 && segments[1] === "evaluations" && segments[2]) {
    return sharedEvaluationPage(ctx, segments[2]);
  }
  // A path no page of the app serves gets the app's not-found page with a 404.
  if (segments[0] !== "automations") return isAppPath(path) ? none : missing;
  if (segments.length === 1) return marketplace(ctx, origin, { path }, "", `${PAGES}/automations/automations-page.tsx`);
  if (segments.length === 3 && segments[1] === "categories") {
    // A category outside the shipped list is a page too while automations use it.
    const slug = segments[2]!.toLowerCase();
    const known = findCategory(slug);
    const scope = { label: categoryLabel(slug), description: known?.description, path: `/automations/categories/${slug}` };
    const page = await marketplace(
      ctx,
      origin,
      scope,
      `category=${encodeURIComponent(slug)}`,
      `${PAGES}/automations/automation-category-page.tsx`,
    );
    return known || page.listed ? page : { ...page, meta: null, status: 404 };
  }
  if (segments.length === 3 && segments[1] === "applications") {
    const application = findApplication(segments[2]);
    if (!application) return missing;
    const scope = { label: application.label, path: `/automations/applications/${application.key}` };
    return marketplace(
      ctx,
      origin,
      scope,
      `application=${encodeURIComponent(application.key)}`,
      `${PAGES}/automations/automation-application-page.tsx`,
    );
  }
  if (segments.length === 2 && segments[1]) return automationPage(ctx, origin, segments[1]);
  return missing;
}

async function marketplace(
  ctx: ServiceContext,
  origin: string,
  scope: { label?: string; description?: string; path: string },
  query: string,
  module: string,
): Promise<PublicPage & { listed: number }> {
  const filter = Object.fromEntries(new URLSearchParams(query));
  const [list, facets] = await Promise.all([listAutomations({ ctx, input: filter }), getAutomationFacets({ ctx, input: {} })]);
  return {
    meta: marketplaceMeta(origin, scope, list.automations),
    status: 200,
    listed: list.automations.length,
    module,
    embedded: { [`/api/v1/automations${query ? `?${query}` : ""}`]: list, "/api/v1/automations/facets": facets },
  };
}

async function automationPage(ctx: ServiceContext, origin: string, slug: string): Promise<PublicPage> {
  try {
    const automation = await getAutomation({ ctx, input: { slug } });
    const category = automation.categories[0] ? findCategory(automation.categories[0]) : undefined;
    const crumb = category ? { label: category.label, path: `/automations/categories/${category.slug}` } : undefined;
    return {
      meta: automationMeta(origin, automation, crumb),
      status: 200,
      module: `${PAGES}/automations/automation-detail-page.tsx`,
      embedded: { [`/api/v1/automations/${encodeURIComponent(automation.slug)}`]: automation },
    };
  } catch (error) {
    if (error instanceof ServiceError && error.code === "not_found") return missing;
    throw error;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
