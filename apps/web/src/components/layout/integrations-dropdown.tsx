import { Link } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { IntegrationsTriggerLabel } from "./integrations-trigger-label";
import { INTEGRATION_LINKS } from "./nav-links";

/** The Radix "Integrations" dropdown (Make, Zapier, n8n), keyboard accessible. */
export function IntegrationsDropdown({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={className}>
        <IntegrationsTriggerLabel />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {INTEGRATION_LINKS.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
