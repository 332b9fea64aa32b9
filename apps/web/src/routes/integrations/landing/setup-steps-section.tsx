import type { IntegrationContent } from "@errand/content/integrations";
import { ItemText, LandingItems } from "./landing-items";
import { LandingSection } from "./section-heading";

/** The numbered setup steps. */
export function SetupStepsSection({ steps }: { steps: IntegrationContent["setupSteps"] }) {
  return (
    <LandingSection id="integration-setup" title={`Set it up in ${steps.length} steps`} className="min-w-0">
      <LandingItems ordered items={steps} className="mt-6 space-y-5" itemClassName="flex gap-4">
        {(step, index) => (
          <>
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <ItemText layout="row" title={step.title} text={step.body} className="pt-1" />
          </>
        )}
      </LandingItems>
    </LandingSection>
  );
}
