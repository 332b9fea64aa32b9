import { findApplication } from "@errand/content/applications";
import { ApplicationIcon } from "../../components/brand/application-icon";
import { cn } from "../../components/ui/cn";

function addressOf(application: string): string {
  const url = findApplication(application)?.url;
  return url ? new URL(url).hostname.replace(/^www\./, "") : "any website";
}

// Classes, not style attributes: the page's HTML is rendered on the server, where the
// Content-Security-Policy refuses inline styles (React sets them through the CSSOM only on the client).
const ROW_WIDTHS = ["w-[90%]", "w-[72%]", "w-[54%]"];

/** Placeholder content: a table on even cards, a list on odd ones. */
function Body({ table }: { table: boolean }) {
  return (
    <div className={table ? "grid grid-cols-3 gap-1.5" : "flex flex-col gap-2"}>
      {Array.from({ length: table ? 9 : 3 }, (_, i) =>
        table ? (
          <span key={i} className={cn("h-1.5 rounded-full", i < 3 ? "bg-primary/30" : "bg-border")} />
        ) : (
          <span key={i} className="flex items-center gap-1.5">
            <span className="size-2.5 shrink-0 rounded-full bg-primary/25" />
            <span className={cn("h-1.5 rounded-full bg-border", ROW_WIDTHS[i])} />
          </span>
        ),
      )}
    </div>
  );
}

/**
 * A stylised sample run, drawn in HTML (no screenshots yet): a small browser window on the
 * application's site with a few placeholder rows. Decorative only.
 */
export function UseCasePreview({ application, index }: { application: string; index: number }) {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-lg border bg-muted">
      <div className="flex items-center gap-1 border-b bg-background px-2 py-1.5">
        <span className="size-1.5 rounded-full bg-red-300" />
        <span className="size-1.5 rounded-full bg-yellow-300" />
        <span className="size-1.5 rounded-full bg-green-300" />
        <span className="ml-1.5 truncate rounded bg-muted px-1.5 text-[10px] leading-4 text-muted-foreground">
          {addressOf(application)}
        </span>
      </div>
      <div className="flex h-24 gap-2.5 p-3">
        <ApplicationIcon application={application} className="size-7 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <span className="mb-2.5 block h-2 w-1/2 rounded-full bg-foreground/15" />
          <Body table={index % 2 === 0} />
        </div>
      </div>
    </div>
  );
}
