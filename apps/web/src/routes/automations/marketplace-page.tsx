import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { ChevronDown, SearchX } from "lucide-react";
import type { AutomationFacets, AutomationSummary } from "@errand/contract";
import { findApplication } from "@errand/content/applications";
import { categoryLabel, findCategory } from "@errand/content/categories";
import { marketplaceMeta } from "@errand/content/page-meta";
import { automationFacetsQueryOptions, automationsQueryOptions } from "../../api/automations";
import { ApplicationIcon } from "../../components/brand/application-icon";
import { Button } from "../../components/ui/button";
import { ClearSearchButton } from "../../components/ui/clear-search-button";
import { Skeleton } from "../../components/ui/skeleton";
import { PageMetaTags, siteOrigin } from "../../lib/page/page-meta";
import { cn } from "../../components/ui/cn";
import { CardGrid } from "./card-grid";
import { MarketplaceSidebar, type MarketplaceScope } from "./marketplace-sidebar";
import { NotFoundNotice } from "./not-found-notice";
import { SearchBox } from "./search-box";

const EMPTY_TEXT: Record<MarketplaceScope["kind"], string> = {
  all: "No automations found matching your criteria",
  category: "No automations found in this category",
  application: "No automations found for this application",
};

function describeScope(scope: MarketplaceScope) {
  if (scope.kind === "category") {
    const category = findCategory(scope.slug);
    return {
      label: category?.label ?? categoryLabel(scope.slug),
      description: category?.description,
      path: `/automations/categories/${encodeURIComponent(scope.slug)}`,
    };
  }
  if (scope.kind === "application") {
    const label = findApplication(scope.key)?.label ?? scope.key;
    return { label, description: undefined, path: `/automations/applications/${encodeURIComponent(scope.key)}` };
  }
  return { label: undefined, description: undefined, path: "/automations" };
}

/**
 * A category neither shipped nor used by any automation, or an application we do not know: no
 * such page (the server answers 404), so no heading made from the URL ("Nope Automations").
 */
function isUnknownScope(scope: MarketplaceScope, facets: AutomationFacets | undefined): boolean {
  if (scope.kind === "application") return !findApplication(scope.key);
  if (scope.kind !== "category" || findCategory(scope.slug) || !facets) return false;
  return !facets.categories.some((entry) => entry.category === scope.slug);
}

/** The search box's text, kept in the URL (?search=); typing replaces the history entry. */
function useSearchParam(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const setSearch = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set("search", value);
          else next.delete("search");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get("search") ?? "", setSearch];
}

/** /automations and its category and application pages (spec section 2, "Marketplace"). */
export function MarketplacePage({ scope }: { scope: MarketplaceScope }) {
  const [search, setSearch] = useSearchParam();
  const filters = {
    search: search || undefined,
    category: scope.kind === "category" ? scope.slug : undefined,
    application: scope.kind === "application" ? scope.key : undefined,
  };
  const list = useQuery(automationsQueryOptions(filters));
  const facets = useQuery(automationFacetsQueryOptions);
  if (isUnknownScope(scope, facets.data)) return <NotFoundNotice title={EMPTY_TEXT[scope.kind]} />;
  const described = describeScope(scope);
  const heading = described.label ? `${described.label} Automations` : "Automations";
  const meta = marketplaceMeta(siteOrigin(), described, list.data ?? []);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMetaTags meta={meta} />
      <div className="flex items-center gap-3">
        {scope.kind === "application" ? <ApplicationIcon application={scope.key} className="size-10" /> : null}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
      </div>
      <p className="mt-3 max-w-2xl text-muted-foreground">{meta.description}</p>
      <div className="mt-6 max-w-xl">
        <SearchBox value={search} onChange={setSearch} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <Filters facets={facets.data} scope={scope} search={search} />
        <section aria-label="Automations" aria-busy={list.isFetching}>
          <AutomationResults list={list} scope={scope} search={search} onClearSearch={() => setSearch("")} />
        </section>
      </div>
    </div>
  );
}

/** The sidebar: a drawer on phones, a column from lg up. */
function Filters({ facets, scope, search }: { facets: AutomationFacets | undefined; scope: MarketplaceScope; search: string }) {
  const [open, setOpen] = useState(false);
  return (
    <aside aria-label="Filters" className="rounded-lg border lg:border-0">
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-between px-4 text-sm font-medium lg:hidden"
        aria-expanded={open}
        aria-controls="marketplace-filters"
        onClick={() => setOpen((value) => !value)}
      >
        Browse by category and application
        <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
      </button>
      {/* One sidebar for both layouts. */}
      <div id="marketplace-filters" className={cn("border-t p-2 lg:block lg:border-0 lg:p-0", open ? "block" : "hidden")}>
        <MarketplaceSidebar facets={facets} scope={scope} search={search} />
      </div>
    </aside>
  );
}

interface AutomationResultsProps {
  list: UseQueryResult<AutomationSummary[]>;
  scope: MarketplaceScope;
  search: string;
  onClearSearch: () => void;
}

function AutomationResults({ list, scope, search, onClearSearch }: AutomationResultsProps) {
  if (list.isPending)
    return (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading automations">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-48 w-full rounded-xl" />
          </li>
        ))}
      </ul>
    );
  if (list.isError)
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center" role="alert">
        <p className="font-medium">Could not load automations.</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (list.data.length === 0)
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{search ? EMPTY_TEXT.all : EMPTY_TEXT[scope.kind]}</p>
        <ClearSearchButton search={search} onClear={onClearSearch} />
      </div>
    );
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
        {list.data.length} {list.data.length === 1 ? "automation" : "automations"}
        {search ? ` matching “${search}”` : ""}
      </p>
      <CardGrid automations={list.data} />
    </>
  );
}
