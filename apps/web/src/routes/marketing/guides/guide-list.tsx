import { Link } from "react-router";
import { GUIDES, guidePath } from "@errand/content/guides";
import { cn } from "../../../components/ui/cn";

const GROUPS = [
  { group: "product", title: "Using Errand" },
  { group: "integration", title: "Integrations" },
] as const;

/**
 * The guides by group: cards with their one-line descriptions on /docs, a compact list beside a
 * guide (`current` marked as the page).
 */
export function GuideList({ current, compact = false }: { current?: string; compact?: boolean }) {
  return (
    <div className={compact ? "grid gap-4" : "grid gap-8"}>
      {GROUPS.map(({ group, title }) => (
        <div key={group}>
          <h3 className={compact ? "text-xs font-semibold tracking-wide text-muted-foreground uppercase" : "text-lg font-semibold"}>
            {title}
          </h3>
          <ul className={compact ? "mt-2 grid gap-1" : "mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"}>
            {GUIDES.filter((guide) => guide.group === group).map((guide) => (
              <li key={guide.slug}>
                <Link
                  to={guidePath(guide.slug)}
                  aria-current={guide.slug === current ? "page" : undefined}
                  className={cn(
                    compact
                      ? "block rounded px-2 py-1 text-sm text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:font-medium aria-[current=page]:text-foreground"
                      : "block h-full rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted",
                  )}
                >
                  <span className={compact ? undefined : "font-medium"}>{guide.title}</span>
                  {compact ? null : <span className="mt-1 block text-sm text-muted-foreground">{guide.description}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
