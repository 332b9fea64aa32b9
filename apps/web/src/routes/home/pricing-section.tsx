import { Link } from "react-router";
import { Check } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { PRICING_FAQ, PRICING_PLANS, type PricingPlan } from "./pricing-plans";
import { SectionHeading } from "./section-heading";

function PlanCard({ plan }: { plan: PricingPlan }) {
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
        plan.highlighted && "border-primary shadow-lg ring-1 ring-primary lg:-my-4 lg:py-12",
      )}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold whitespace-nowrap text-primary-foreground">
          Recommended
        </p>
      ) : null}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        {plan.pricePrefix ? <span className="text-sm text-muted-foreground">{plan.pricePrefix}</span> : null}
        <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{plan.priceNote}</p>
      <ul className="mt-6 flex flex-col gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.notes.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-1.5 border-t pt-4 text-xs text-muted-foreground">
          {plan.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-8">
        <Button asChild size="lg" variant={plan.highlighted ? "default" : "outline"} className="w-full">
          <Link to={plan.cta.to}>{plan.cta.label}</Link>
        </Button>
      </div>
    </li>
  );
}

/** Pricing (spec section 9), the /#pricing anchor. */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 border-t bg-muted/40">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="pricing-heading" eyebrow="Pricing" title="Pay only for the seconds you use">
          Start free, then buy credits when you need them. No subscription.
        </SectionHeading>
        <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
          {PRICING_PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </ul>
        <ul className="mx-auto mt-12 flex max-w-2xl flex-col gap-2 text-center text-sm text-muted-foreground">
          {PRICING_FAQ.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
