import type { ReactNode } from "react";
import { PageTitle } from "../../lib/page/page-title";

interface PlaceholderPageProps {
  /** Document title before " | Errand"; omitted when the page renders its own <title>. */
  title?: string;
  heading: string;
  description: string;
  children?: ReactNode;
}

/** A page with little content yet (the legal pages): its heading, one line, and its title. */
export function PlaceholderPage({ title, heading, description, children }: PlaceholderPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      {title ? <PageTitle title={title} /> : null}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">{description}</p>
      {children}
    </div>
  );
}
