import { CircleCheck } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { LandingSection } from "./section-heading";

/** "Common Use Cases". */
export function UseCasesSection({ useCases }: { useCases: IntegrationContent["useCases"] }) {
  return (
    <LandingSection id="integration-use-cases" title="Common Use Cases">
      <ul role="list" className="mt-8 grid gap-4 sm:grid-cols-2">
        {useCases.map((useCase) => (
          <li key={useCase.title} className="flex gap-4 rounded-xl border p-5">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0">
              <h3 className="font-semibold">{useCase.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{useCase.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
