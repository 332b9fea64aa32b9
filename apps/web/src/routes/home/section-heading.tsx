import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRight } from "lucide-react";

/** A section's centred h2 with a small eyebrow line and an intro paragraph. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{children}</p>
    </div>
  );
}

/** The centred "see more" link under a section. */
export function SectionMoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="mt-10 text-center">
      <Link to={to} className="inline-flex min-h-10 items-center gap-2 rounded-md px-2 text-sm font-semibold text-primary hover:underline">
        {children}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
