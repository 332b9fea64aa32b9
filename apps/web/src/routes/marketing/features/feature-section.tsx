import type { ReactNode } from "react";
import { Check, type LucideIcon } from "lucide-react";
import { cn } from "../../../components/ui/cn";

export interface Feature {
  /** Anchor of the section (linked from the hero). */
  id: string;
  icon: LucideIcon;
  name: string;
  title: string;
  lead: ReactNode;
  points: ReactNode[];
  panel: ReactNode;
  /** Anything below the points, e.g. links to integration pages. */
  extra?: ReactNode;
}

/** One feature: text and points on one side, its illustrative panel on the other (alternating). */
export function FeatureSection({ feature, index }: { feature: Feature; index: number }) {
  const { id, icon: Icon, name, title, lead, points, panel, extra } = feature;
  const flipped = index % 2 === 1;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-28 py-16 sm:py-24", flipped && "bg-muted/60")}>
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div className={cn("min-w-0", flipped && "lg:order-2")}>
          <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
            <Icon className="size-4" aria-hidden="true" />
            <span className="tabular-nums">{String(index + 1).padStart(2, "0")}</span>
            <span aria-hidden="true">·</span>
            {name}
          </p>
          <h2 id={`${id}-title`} className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p>
          <ul className="mt-6 space-y-3">
            {points.map((point, i) => (
              <li key={i} className="flex gap-3">
                <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0">{point}</span>
              </li>
            ))}
          </ul>
          {extra}
        </div>
        <div className="min-w-0">{panel}</div>
      </div>
    </section>
  );
}

/** Inline code in feature copy. */
export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded border bg-background px-1 py-0.5 font-mono text-[0.9em] break-all">{children}</code>;
}
