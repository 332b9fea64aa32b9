import type { ReactNode } from "react";

/** The h2 (and optional intro line) that opens each section of a landing page. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-3 text-muted-foreground text-pretty">{children}</p> : null}
    </div>
  );
}

interface LandingSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The intro line under the heading. */
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A section of a landing page: its heading (and intro line), then its content. */
export function LandingSection({ id, title, intro, className, children }: LandingSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <SectionHeading id={id} title={title}>
        {intro}
      </SectionHeading>
      {children}
    </section>
  );
}
