import { CircleCheck } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { ItemText, LandingItems } from "./landing-items";
import { LandingSection } from "./section-heading";

/** "Common Use Cases". */
export function UseCasesSection({ useCases }: { useCases: IntegrationContent["useCases"] }) {
  return (
    <LandingSection id="integration-use-cases" title="Common Use Cases">
      <LandingItems items={useCases} className="mt-8 grid gap-4 sm:grid-cols-2" itemClassName="flex gap-4 rounded-xl border p-5">
        {(useCase) => (
          <>
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <ItemText layout="row" title={useCase.title} text={useCase.description} />
          </>
        )}
      </LandingItems>
    </LandingSection>
  );
}
