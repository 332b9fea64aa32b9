import { Link } from "react-router";
import { Download, LayoutTemplate } from "lucide-react";
import { automationPathSegment, INTEGRATION_TABS, type IntegrationName, type IntegrationTab } from "@errand/contract";
import type { IntegrationContent } from "@errand/content/integrations";
import { Button } from "../../../components/ui/button";
import { signUpThen } from "../../../session/after-sign-up";
import { useSession } from "../../../session/use-session";
import { ItemText, LandingItems } from "./landing-items";
import { LandingSection } from "./section-heading";

const isTab = (name: IntegrationName): name is IntegrationName & IntegrationTab => (INTEGRATION_TABS as readonly string[]).includes(name);

/**
 * Where Use Template goes: the automation's page on this integration's tab when one fits; else,
 * signed in, the integration guide's Set up section (what to connect, then the template), and
 * signed out, sign-up and then that section.
 */
function templateHref(name: IntegrationName, slug: string | undefined, signedIn: boolean, setupUrl: string): string {
  if (slug) return `/automations/${isTab(name) ? automationPathSegment(slug, name) : slug}`;
  return signedIn ? setupUrl : signUpThen(setupUrl);
}

/** "Ready-to-Use Templates": Use Template leads on; a template that is a file (n8n) can be downloaded. */
export function TemplatesSection({
  name,
  templates,
  setupUrl,
}: {
  name: IntegrationName;
  templates: IntegrationContent["templates"];
  setupUrl: string;
}) {
  const signedIn = Boolean(useSession());
  return (
    <LandingSection id="integration-templates" title="Ready-to-Use Templates">
      <LandingItems
        items={templates}
        className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3"
        itemClassName="flex flex-col rounded-xl border bg-card p-6 shadow-sm"
      >
        {(template) => (
          <>
            <LayoutTemplate className="size-5 text-primary" aria-hidden="true" />
            <ItemText layout="card" title={template.title} text={template.description} className="flex-1" />
            <div className="mt-6 flex flex-wrap gap-2">
              <Button asChild variant="outline" className="w-full sm:w-auto">
                <Link to={templateHref(name, template.automationSlug, signedIn, setupUrl)}>
                  Use Template<span className="sr-only">: {template.title}</span>
                </Link>
              </Button>
              {template.download ? (
                <Button asChild variant="ghost" className="w-full sm:w-auto">
                  {/* A plain anchor: the server answers the file, the router must not handle it. */}
                  <a href={template.download} download aria-label={`Download ${template.title} template`}>
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </Button>
              ) : null}
            </div>
          </>
        )}
      </LandingItems>
    </LandingSection>
  );
}
