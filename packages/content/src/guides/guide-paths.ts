import type { IntegrationName } from "@errand/contract";

/** The path of a guide's page. */
export const guidePath = (slug: string) => `/docs/guides/${slug}`;

/** The guide of one integration: /docs/guides/{name}-integration. */
export const integrationGuideSlug = (name: IntegrationName) => `${name}-integration`;

/** Setup's anchor in an integration's guide: where every integration page's Setup leads (ADR 0059). */
export const GUIDE_SETUP_ID = "setup";

/** Where an integration page's View Documentation and Setup lead: its guide, and the guide's Set up section. */
export const integrationGuideLinks = (name: IntegrationName) => ({
  docsUrl: guidePath(integrationGuideSlug(name)),
  setupUrl: `${guidePath(integrationGuideSlug(name))}#${GUIDE_SETUP_ID}`,
});
