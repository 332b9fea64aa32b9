import { FeaturesSection } from "./features-section";
import { PricingSection } from "./pricing-section";
import { UseCasesSection } from "./use-cases-section";
import { useScrollToHash } from "./use-scroll-to-hash";

/**
 * Everything below the hero, loaded after the first paint: a phone shows the hero sooner and
 * no single task renders the whole page. /#pricing scrolls once these are mounted.
 */
export function HomeSections() {
  useScrollToHash();
  return (
    <>
      <UseCasesSection />
      <FeaturesSection />
      <PricingSection />
    </>
  );
}
