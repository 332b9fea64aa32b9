import type { IntegrationContent } from "@errand/content/integrations";
import { LandingSection } from "./section-heading";

/** The long description: what the integration is and how it works today. */
export function OverviewSection({ content }: { content: IntegrationContent }) {
  return (
    <LandingSection id="integration-overview" title={`About the ${content.label} integration`} className="min-w-0">
      <div className="mt-5 space-y-4 leading-relaxed text-pretty text-muted-foreground">
        {content.longDescription.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </LandingSection>
  );
}
