import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AutomationFacets } from "@errand/contract";
import { findApplication } from "@errand/content/applications";
import { categoryLabel } from "@errand/content/categories";
import { ApplicationIcon } from "../../components/brand/application-icon";
import { LoadingBars } from "../../components/ui/skeleton";
import { cn } from "../../components/ui/cn";

export type MarketplaceScope = { kind: "all" } | { kind: "category"; slug: string } | { kind: "application"; key: string };

interface SidebarProps {
  facets: AutomationFacets | undefined;
  scope: MarketplaceScope;
  /** Kept on the links so a search survives moving between filters. */
  search: string;
}

const withSearch = (path: string, search: string) => (search ? `${path}?search=${encodeURIComponent(search)}` : path);

/** Categories (all, with counts) and Applications; the current one is marked. */
export function MarketplaceSidebar({ facets, scope, search }: SidebarProps) {
  if (!facets) {
    return <LoadingBars label="Loading filters" bars={Array.from({ length: 8 }, () => "h-8 w-full")} />;
  }
  return (
    <div className="grid gap-8">
      <nav aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="mb-2 px-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Categories
        </h2>
        <ul className="grid gap-0.5">
          <FilterLink to={withSearch("/automations", search)} current={scope.kind === "all"} label="All automations" count={facets.total} />
          {facets.categories.map((f) => (
            <FilterLink
              key={f.category}
              to={withSearch(`/automations/categories/${encodeURIComponent(f.category)}`, search)}
              current={scope.kind === "category" && scope.slug === f.category}
              label={categoryLabel(f.category)}
              count={f.count}
            />
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="applications-heading">
        <h2 id="applications-heading" className="mb-2 px-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Applications
        </h2>
        <ul className="grid gap-0.5">
          {facets.applications.map((f) => (
            <FilterLink
              key={f.application}
              to={withSearch(`/automations/applications/${encodeURIComponent(f.application)}`, search)}
              current={scope.kind === "application" && scope.key === f.application}
              label={findApplication(f.application)?.label ?? f.application}
              count={f.count}
              icon={<ApplicationIcon application={f.application} className="size-5" />}
            />
          ))}
        </ul>
      </nav>
    </div>
  );
}

function FilterLink(props: { to: string; current: boolean; label: string; count: number; icon?: ReactNode }) {
  return (
    <li>
      <Link
        to={props.to}
        aria-current={props.current ? "page" : undefined}
        className={cn(
          "flex min-h-9 items-center gap-2 rounded-md px-3 py-1.5 text-sm transition-colors hover:bg-muted",
          props.current && "bg-accent font-medium text-accent-foreground hover:bg-accent",
        )}
      >
        {props.icon}
        <span className="flex-1 truncate">{props.label}</span>
        <span className="text-xs text-muted-foreground tabular-nums" aria-label={`${props.count} automations`}>
          {props.count}
        </span>
      </Link>
    </li>
  );
}
