import { INTEGRATION_GUIDES } from "./integration-guides.ts";
import { PRODUCT_GUIDES } from "./product-guides.ts";
import type { Guide } from "./types.ts";

export type { Guide, GuideBlock, GuideSection } from "./types.ts";
export { GUIDE_SETUP_ID, guidePath, integrationGuideLinks, integrationGuideSlug } from "./guide-paths.ts";

/** Every guide, in the order /docs lists them: using Errand, then each integration. */
export const GUIDES: Guide[] = [...PRODUCT_GUIDES, ...INTEGRATION_GUIDES];

export function findGuide(slug: string): Guide | undefined {
  return GUIDES.find((guide) => guide.slug === slug.toLowerCase());
}
