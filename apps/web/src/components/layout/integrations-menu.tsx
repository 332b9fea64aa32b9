import { lazyPage } from "../routing/lazy-page";
import { DeferredMenu } from "./deferred-menu";
import { IntegrationsTriggerLabel } from "./integrations-trigger-label";

const loadDropdown = () => import("./integrations-dropdown");
const IntegrationsDropdown = lazyPage(loadDropdown, "IntegrationsDropdown");

/** "Integrations" in the desktop navigation bar; the dropdown code loads on first use. */
export function IntegrationsMenu({ className }: { className?: string }) {
  return (
    <DeferredMenu
      preload={() => void loadDropdown()}
      renderTrigger={(props) => (
        <button {...props} className={className}>
          <IntegrationsTriggerLabel />
        </button>
      )}
    >
      <IntegrationsDropdown className={className} defaultOpen />
    </DeferredMenu>
  );
}
