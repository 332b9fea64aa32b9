import { memo } from "react";
import { Link } from "react-router";
import { KeyRound } from "lucide-react";
import type { AutomationSummary } from "@errand/contract";
import { findApplication } from "@errand/content/applications";
import { categoryLabel } from "@errand/content/categories";
import { ApplicationIcon } from "../../components/brand/application-icon";

/** One marketplace card: the whole card is the link to /automations/{slug}. */
export const AutomationCard = memo(function AutomationCard({ automation }: { automation: AutomationSummary }) {
  const application = findApplication(automation.website);
  return (
    <li className="group relative flex flex-col rounded-xl border bg-card p-5 shadow-sm [contain-intrinsic-size:auto_13rem] [content-visibility:auto] transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="flex items-start gap-3">
        <ApplicationIcon application={automation.website} className="size-9 shrink-0" />
        <div className="min-w-0">
          <h2 className="text-base leading-snug font-semibold">
            <Link to={`/automations/${automation.slug}`} className="outline-none after:absolute after:inset-0 after:content-['']">
              {automation.title}
            </Link>
          </h2>
          {application ? <p className="text-xs text-muted-foreground">{application.label}</p> : null}
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-sm text-muted-foreground">{automation.description}</p>
      <div className="mt-auto flex flex-wrap items-center gap-1.5 pt-4">
        {automation.categories.slice(0, 3).map((category) => (
          <span key={category} className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
            {categoryLabel(category)}
          </span>
        ))}
        {automation.need_auth ? (
          <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs text-muted-foreground">
            <KeyRound className="size-3" aria-hidden="true" />
            Login needed
          </span>
        ) : null}
      </div>
    </li>
  );
});
