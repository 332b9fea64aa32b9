import type { ReactNode } from "react";
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { PageTitle } from "../../lib/page/page-title";
import { Button } from "../ui/button";

interface PageHeaderProps {
  title: string;
  /** The document's title, when it is not the heading's words. */
  documentTitle?: string;
  description: ReactNode;
  action?: ReactNode;
}

/** A signed-in page's title (also the document's), its one-line description, and its main action on the right. */
export function PageHeader({ title, documentTitle = title, description, action }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <PageTitle title={documentTitle} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">{description}</p>
      </div>
      {action}
    </div>
  );
}

/** The header's "New …" action: a link that looks like the page's main button. */
export function NewItemLink({ to, children }: { to: string; children: string }) {
  return (
    <Button asChild>
      <Link to={to}>
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
