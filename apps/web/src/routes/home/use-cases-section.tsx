import { useId, useState } from "react";
import { Link } from "react-router";
import { USE_CASE_TABS } from "@errand/content/use-cases";
import { cn } from "../../components/ui/cn";
import { TabList } from "../../components/ui/tab-list";
import { SectionHeading, SectionMoreLink } from "./section-heading";
import { UseCasePreview } from "./use-case-preview";

type UseCaseTab = (typeof USE_CASE_TABS)[number];

/** Use cases (spec section 2): WAI-ARIA tabs, four cards each, linking to /automations/{slug}. */
export function UseCasesSection() {
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabs = USE_CASE_TABS;

  return (
    <section aria-labelledby="use-cases-heading" className="border-t bg-muted/40">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="use-cases-heading" eyebrow="Use cases" title="Put the busywork on autopilot">
          Start from a ready-made automation, or describe your own task in a sentence.
        </SectionHeading>
        {tabs.length > 0 ? (
          <>
            <div className="mt-10 flex justify-center">
              <TabList
                label="Use cases by team"
                tabs={tabs.map((tab) => ({ key: tab.id, label: tab.label }))}
                selected={selected}
                onSelect={setSelected}
                tabId={(id) => `${baseId}-tab-${id}`}
                panelId={(id) => `${baseId}-panel-${id}`}
                className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg border bg-background p-1 scrollbar-none"
                tabClassName={(isSelected) =>
                  cn(
                    "h-9 shrink-0 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground sm:px-4",
                    isSelected && "bg-primary text-primary-foreground hover:text-primary-foreground",
                  )
                }
              />
            </div>
            {tabs.map((tab, index) => (
              <UseCasePanel key={tab.id} baseId={baseId} tab={tab} hidden={index !== selected} />
            ))}
          </>
        ) : null}
        <SectionMoreLink to="/automations">Browse all automations</SectionMoreLink>
      </div>
    </section>
  );
}

function UseCasePanel({ baseId, tab, hidden }: { baseId: string; tab: UseCaseTab; hidden: boolean }) {
  return (
    <div role="tabpanel" id={`${baseId}-panel-${tab.id}`} aria-labelledby={`${baseId}-tab-${tab.id}`} hidden={hidden} className="mt-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tab.cards.map((card, cardIndex) => (
          <li key={card.slug}>
            <Link
              to={`/automations/${card.slug}`}
              className="group flex h-full flex-col gap-4 rounded-xl border bg-card p-3 shadow-sm transition-shadow hover:shadow-md"
            >
              <UseCasePreview application={card.application} index={cardIndex} />
              <h3 className="px-1 pb-1 text-sm leading-snug font-semibold group-hover:text-primary">{card.title}</h3>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
