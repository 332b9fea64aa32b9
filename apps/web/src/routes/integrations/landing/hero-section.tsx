import { BookOpen } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { IntegrationIcon } from "../../../components/brand/integration-icon";
import { HeroGlow } from "../../../components/layout/marketing-parts";
import { Button } from "../../../components/ui/button";
import { ActionLink } from "./action-link";
import { SamplePanel } from "./sample-panel";

/** Hero: the integration's mark, headline and sub-line, Setup and View Documentation, and the sample as cover. */
export function HeroSection({ content }: { content: IntegrationContent }) {
  return (
    <section aria-labelledby="integration-title" className="relative">
      <HeroGlow className="-top-32 h-96 bg-primary/10" />
      <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-12">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl border bg-card shadow-sm">
              <IntegrationIcon name={content.name} className="size-8" />
            </span>
            <p className="text-sm font-semibold text-primary">{content.label} Integration</p>
          </div>
          <h1 id="integration-title" className="mt-6 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {content.headline}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">{content.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <ActionLink href={content.setupUrl}>Setup</ActionLink>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <ActionLink href={content.docsUrl}>
                <BookOpen aria-hidden="true" />
                View Documentation
              </ActionLink>
            </Button>
          </div>
        </div>
        <SamplePanel label={content.label} sample={content.sample} alternatives={content.moreSamples} />
      </div>
    </section>
  );
}
