import type { IntegrationName } from "@errand/contract";
import { INTEGRATIONS } from "@errand/content/integrations";
import { integrationMeta } from "@errand/content/page-meta";
import { PageMetaTags, siteOrigin } from "../../lib/page/page-meta";
import { ClientConfigsSection } from "./landing/client-configs-section";
import { CtaSection } from "./landing/cta-section";
import { FaqSection } from "./landing/faq-section";
import { FeaturesSection } from "./landing/features-section";
import { HeroSection } from "./landing/hero-section";
import { OverviewSection } from "./landing/overview-section";
import { SetupStepsSection } from "./landing/setup-steps-section";
import { TemplatesSection } from "./landing/templates-section";
import { UseCasesSection } from "./landing/use-cases-section";

/** /{name}-integration: the landing page of one integration (spec section 2), from static content. */
export function IntegrationLandingPage({ name }: { name: IntegrationName }) {
  const content = INTEGRATIONS[name];
  return (
    <div className="mx-auto w-full max-w-6xl space-y-20 px-4 py-12 sm:space-y-24 sm:px-6 sm:py-16">
      <PageMetaTags meta={integrationMeta(siteOrigin(), content)} />
      <HeroSection content={content} />
      <div className="grid gap-14 lg:grid-cols-2 lg:gap-16">
        <OverviewSection content={content} />
        <SetupStepsSection steps={content.setupSteps} />
      </div>
      {content.clientConfigs ? <ClientConfigsSection configs={content.clientConfigs} /> : null}
      <FeaturesSection features={content.features} />
      <UseCasesSection useCases={content.useCases} />
      <TemplatesSection name={name} templates={content.templates} setupUrl={content.setupUrl} />
      <FaqSection faqs={content.faqs} />
      <CtaSection />
    </div>
  );
}
