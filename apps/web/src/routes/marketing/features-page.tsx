import { featuresMeta } from "@errand/content/page-meta";
import { PageMetaTags } from "../../lib/page/page-meta";
import { ClosingCta } from "./features/closing-cta";
import { ComparisonSection } from "./features/comparison-section";
import { FeatureList } from "./features/feature-list";
import { ApplicationStrip, FeaturesHero } from "./features/features-hero";
import { SelfHostSection } from "./features/self-host-section";

/** /features (spec section 2): the five features, a comparison, self-hosting and a call to action. */
export function FeaturesPage() {
  return (
    <div className="overflow-x-clip">
      <PageMetaTags meta={featuresMeta()} />
      <FeaturesHero />
      <ApplicationStrip />
      <FeatureList />
      <ComparisonSection />
      <SelfHostSection />
      <ClosingCta />
    </div>
  );
}
