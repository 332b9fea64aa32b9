import { useRef, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { BookOpen } from "lucide-react";
import { automationPathSegment, INTEGRATION_LABELS, INTEGRATION_TABS, type IntegrationTab } from "@errand/contract";
import { AUTOMATION_TABS } from "@errand/content/automation-tabs";
import { IntegrationIcon } from "../../../components/brand/integration-icon";
import { cn } from "../../../components/ui/cn";

const docsLinkClass = "inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline";

/**
 * API / Make / n8n / Zapier: the tab lives in the URL suffix (-make, -n8n, -zapier; none for
 * api) and switching replaces the history entry (spec section 2).
 */
export function IntegrationToggle({ slug, tab }: { slug: string; tab: IntegrationTab }) {
  const navigate = useNavigate();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const content = AUTOMATION_TABS[tab];

  function select(next: IntegrationTab, focus = false) {
    void navigate(`/automations/${automationPathSegment(slug, next)}`, { replace: true, preventScrollReset: true });
    if (focus) tabs.current[INTEGRATION_TABS.indexOf(next)]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = INTEGRATION_TABS.indexOf(tab);
    const last = INTEGRATION_TABS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(INTEGRATION_TABS[target]!, true);
  }

  return (
    <div className="grid gap-3">
      <div role="tablist" aria-label="Use it from" className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1" onKeyDown={onKeyDown}>
        {INTEGRATION_TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`integration-tab-${name}`}
            aria-selected={name === tab}
            aria-controls="integration-panel"
            tabIndex={name === tab ? 0 : -1}
            onClick={() => select(name)}
            className={cn(
              "min-h-9 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
              name === tab && "bg-background text-foreground shadow-sm",
            )}
          >
            {INTEGRATION_LABELS[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="integration-panel" aria-labelledby={`integration-tab-${tab}`} className="grid gap-2 rounded-lg border p-4">
        <div className="flex items-center gap-2">
          <IntegrationIcon name={tab} className="size-5" />
          <h3 className="font-semibold">{content.title}</h3>
        </div>
        <p className="text-sm text-muted-foreground">{content.description}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {content.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        {content.docsUrl.startsWith("/") ? (
          <Link to={content.docsUrl} className={docsLinkClass}>
            <BookOpen className="size-4" aria-hidden="true" />
            {INTEGRATION_LABELS[tab]} documentation
          </Link>
        ) : (
          <a href={content.docsUrl} target="_blank" rel="noopener noreferrer" className={docsLinkClass}>
            <BookOpen className="size-4" aria-hidden="true" />
            {INTEGRATION_LABELS[tab]} documentation
          </a>
        )}
      </div>
    </div>
  );
}
