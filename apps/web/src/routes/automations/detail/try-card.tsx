import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import type { Automation, IntegrationTab } from "@errand/contract";
import { findApplication } from "@errand/content/applications";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { ApplicationIcon } from "../../../components/brand/application-icon";
import { draftFromAutomation } from "../../../lib/tasks/task-draft";
import { useTryDraft, useTryRefusal } from "../../../lib/tasks/use-try-draft";
import { IntegrationToggle } from "./integration-toggle";

/** "Try This Automation": the settings become the task draft; then the dashboard (or login first). */
export function TryCard({ automation, tab }: { automation: Automation; tab: IntegrationTab }) {
  const tryDraft = useTryDraft();
  const refusal = useTryRefusal();

  return (
    <Card className="lg:sticky lg:top-36">
      <CardContent className="grid gap-5 p-6">
        <div className="flex items-center gap-3">
          <ApplicationIcon
            application={automation.website}
            className="size-10"
            label={`${findApplication(automation.website)?.label ?? "Any website"} logo`}
          />
          <h2 className="text-lg font-semibold">Try This Automation</h2>
        </div>
        <p className="text-sm text-muted-foreground">
          Open it in your workspace with its prompt and settings filled in, then run it in a real browser.
        </p>
        <Button
          size="lg"
          onClick={() => tryDraft(draftFromAutomation(automation))}
          disabled={refusal !== null}
          aria-describedby={refusal ? "try-refusal" : undefined}
          className="w-full"
        >
          Try This Automation
          <ArrowRight aria-hidden="true" />
        </Button>
        {refusal ? (
          <p id="try-refusal" className="-mt-2 text-sm text-muted-foreground">
            {refusal}
          </p>
        ) : null}
        <IntegrationToggle slug={automation.slug} tab={tab} />
        <p className="text-xs text-muted-foreground">
          By using this automation you agree to our{" "}
          <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}
