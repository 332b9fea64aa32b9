import { ChevronDown } from "lucide-react";

/** Text and chevron of the "Integrations" trigger (the chevron turns while the menu is open). */
export function IntegrationsTriggerLabel() {
  return (
    <>
      Integrations
      <ChevronDown className="size-4 transition-transform [[data-state=open]>&]:rotate-180" aria-hidden="true" />
    </>
  );
}
