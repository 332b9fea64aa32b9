import { ChevronDown } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { LandingSection } from "./section-heading";

/** The FAQ accordion: native details/summary, so it opens with Enter or Space and needs no script. */
export function FaqSection({ faqs }: { faqs: IntegrationContent["faqs"] }) {
  return (
    <LandingSection id="integration-faq" title="Frequently Asked Questions" className="mx-auto w-full max-w-3xl">
      <div className="mt-8 divide-y rounded-xl border bg-card">
        {faqs.map((faq) => (
          <details key={faq.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium hover:bg-muted/60 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0">{faq.question}</span>
              <ChevronDown
                className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="px-5 pb-5 text-sm leading-relaxed break-words text-muted-foreground">{faq.answer}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
