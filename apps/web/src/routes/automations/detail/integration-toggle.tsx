import { Link, useNavigate } from "react-router";
import { BookOpen } from "lucide-react";
import { automationPathSegment, INTEGRATION_LABELS, INTEGRATION_TABS, type IntegrationTab } from "@errand/contract";
import { AUTOMATION_TABS } from "@errand/content/automation-tabs";
import { IntegrationIcon } from "../../../components/brand/integration-icon";
import { cn } from "../../../components/ui/cn";
import { TabList } from "../../../components/ui/tab-list";

const docsLinkClass = "inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline";

/**
 * API / Make / n8n / Zapier: the tab lives in the URL suffix (-make, -n8n, -zapier; none for
 * api) and switching replaces the history entry (spec section 2).
 */
export function IntegrationToggle({ slug, tab }: { slug: string; tab: IntegrationTab }) {
  const navigate = useNavigate();
  const content = AUTOMATION_TABS[tab];

  function select(index: number) {
    void navigate(`/automations/${automationPathSegment(slug, INTEGRATION_TABS[index]!)}`, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="grid gap-3">
      <TabList
        label="Use it from"
        tabs={INTEGRATION_TABS.map((name) => ({ key: name, label: INTEGRATION_LABELS[name] }))}
        selected={INTEGRATION_TABS.indexOf(tab)}
        onSelect={select}
        tabId={(name) => `integration-tab-${name}`}
        panelId={() => "integration-panel"}
        className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1"
        tabClassName={(isSelected) =>
          cn(
            "min-h-9 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
            isSelected && "bg-background text-foreground shadow-sm",
          )
        }
      />
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
