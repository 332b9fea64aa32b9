import { ExternalLink } from "lucide-react";
import { Button } from "../ui/button";

/** "View Demo": a public run's replay, in a new tab (admins). */
export function ViewDemoLink({ runId }: { runId: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={`/demo/${runId}`} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        View Demo
      </a>
    </Button>
  );
}
