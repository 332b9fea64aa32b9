import { Link } from "react-router";
import { LayoutTemplate } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { Button } from "../../../components/ui/button";
import { SectionHeading } from "./section-heading";

/** "Ready-to-Use Templates": each card's Use Template button leads to sign-up. */
export function TemplatesSection({ templates }: { templates: IntegrationContent["templates"] }) {
  return (
    <section aria-labelledby="integration-templates">
      <SectionHeading id="integration-templates" title="Ready-to-Use Templates" />
      <ul role="list" className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {templates.map((template) => (
          <li key={template.title} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
            <LayoutTemplate className="size-5 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{template.title}</h3>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{template.description}</p>
            <Button asChild variant="outline" className="mt-6 w-full sm:w-auto sm:self-start">
              <Link to="/signup">
                Use Template<span className="sr-only">: {template.title}</span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
