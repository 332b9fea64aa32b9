import type { IntegrationContent } from "@errand/content/integrations";
import { FEATURE_ICONS } from "./feature-icons";
import { ItemText, LandingItems } from "./landing-items";
import { LandingSection } from "./section-heading";

/** "Powerful Features": a grid of cards, each with its lucide icon. */
export function FeaturesSection({ features }: { features: IntegrationContent["features"] }) {
  return (
    <LandingSection id="integration-features" title="Powerful Features" className="rounded-3xl bg-muted px-5 py-10 sm:px-10 sm:py-14">
      <LandingItems
        items={features}
        className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        itemClassName="rounded-xl border bg-card p-6 shadow-sm"
      >
        {(feature) => {
          const Icon = FEATURE_ICONS[feature.icon];
          return (
            <>
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <ItemText layout="card" title={feature.title} text={feature.description} />
            </>
          );
        }}
      </LandingItems>
    </LandingSection>
  );
}
