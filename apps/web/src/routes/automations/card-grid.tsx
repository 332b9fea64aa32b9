import type { AutomationSummary } from "@errand/contract";
import { useProgressiveCount } from "../../lib/hooks/use-progressive-count";
import { AutomationCard } from "./automation-card";

/** The cards, rendered a dozen per task so a long list never blocks a phone's main thread. */
export function CardGrid({ automations }: { automations: AutomationSummary[] }) {
  const shown = useProgressiveCount(automations.length, 12);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {automations.slice(0, shown).map((automation) => (
        <AutomationCard key={automation.id} automation={automation} />
      ))}
    </ul>
  );
}
