import { homeMeta } from "@errand/content/page-meta";
import { PageMetaTags, siteOrigin } from "../../lib/page-meta";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { PricingSection } from "./pricing-section";
import { UseCasesSection } from "./use-cases-section";
import { useScrollToHash } from "./use-scroll-to-hash";

/** "/" for visitors (spec section 2): hero, use-case tabs, feature grid, pricing (#pricing); the footer is the layout's. */
export function HomePage() {
  useScrollToHash();
  return (
    <>
      <PageMetaTags meta={homeMeta(siteOrigin())} />
      <HeroSection />
      <UseCasesSection />
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
