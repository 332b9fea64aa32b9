import type { IntegrationContent } from "@errand/content/integrations";
import { LandingSection } from "./section-heading";

/** The numbered setup steps. */
export function SetupStepsSection({ steps }: { steps: IntegrationContent["setupSteps"] }) {
  return (
    <LandingSection id="integration-setup" title={`Set it up in ${steps.length} steps`} className="min-w-0">
      {/* role="list" keeps list semantics in Safari, which drops them when the markers are hidden. */}
      <ol role="list" className="mt-6 space-y-5">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div className="min-w-0 pt-1">
              <h3 className="font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm leading-relaxed break-words text-muted-foreground">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
