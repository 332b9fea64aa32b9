import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckCircle2, Globe, KeyRound } from "lucide-react";
import type { Automation } from "@errand/contract";
import { findApplication } from "@errand/content/applications";
import { categoryLabel } from "@errand/content/categories";
import { ApplicationIcon } from "../../../components/brand/application-icon";
import { outputColumns } from "./output-columns";

/** Title, category chips, description, info tiles and what the task does. */
export function AutomationOverview({ automation }: { automation: Automation }) {
  const application = findApplication(automation.website);
  const columns = automation.response_format === "json" ? outputColumns(automation.json_schema) : null;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{automation.title}</h1>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Categories">
          {automation.categories.map((category) => (
            <li key={category}>
              <Link
                to={`/automations/categories/${category}`}
                className="inline-flex min-h-7 items-center rounded-full bg-accent px-3 text-sm font-medium text-accent-foreground hover:underline"
              >
                {categoryLabel(category)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{automation.description}</p>
      </div>

      <ul className="grid gap-3 sm:grid-cols-3">
        <InfoTile icon={<CheckCircle2 className="size-5 text-green-600" aria-hidden="true" />} title="Ready to Use">
          Start from a tested prompt and adjust it to your needs.
        </InfoTile>
        {application ? (
          <InfoTile icon={<ApplicationIcon application={application.key} className="size-5" />} title={`Works with ${application.label}`}>
            {application.url ? new URL(application.url).hostname.replace(/^www\./, "") : "Any site you point it at"}
          </InfoTile>
        ) : null}
        {automation.need_auth ? (
          <InfoTile icon={<KeyRound className="size-5 text-amber-600" aria-hidden="true" />} title="Authentication Required">
            You&apos;ll need to sign in to use this
          </InfoTile>
        ) : null}
      </ul>

      <section aria-labelledby="how-it-works" className="rounded-xl border p-5 sm:p-6">
        <h2 id="how-it-works" className="text-lg font-semibold">
          What the agent does
        </h2>
        {/* wrap-anywhere: a long URL in the prompt wraps instead of widening the page on a phone. */}
        <p className="mt-3 rounded-lg bg-muted p-4 text-sm leading-relaxed whitespace-pre-line wrap-anywhere">{automation.prompt}</p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium">Starts at</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 break-all text-muted-foreground">
              <Globe className="size-4 shrink-0" aria-hidden="true" />
              {automation.initial_url ?? "The website you name in the prompt"}
            </dd>
          </div>
          <div>
            <dt className="font-medium">Result</dt>
            <dd className="mt-0.5 text-muted-foreground">
              {columns ? `A table (JSON, downloadable as CSV) with ${columns.join(", ")}` : "Text"}
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function InfoTile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border bg-card p-4">
      <div className="flex items-center gap-2">
        {icon}
        <p className="text-sm font-semibold">{title}</p>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{children}</p>
    </li>
  );
}
