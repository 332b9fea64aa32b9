import { AppWindow, CircleCheck, EyeOff, Fingerprint, Network, Puzzle, type LucideIcon } from "lucide-react";
import { PanelFrame } from "./panel-frame";

const ROWS: { icon: LucideIcon; label: string; value: string }[] = [
  { icon: AppWindow, label: "Browser", value: "Real Chromium" },
  { icon: Fingerprint, label: "User agent", value: "A real Chromium user agent" },
  { icon: EyeOff, label: "navigator.webdriver", value: "Hidden" },
  { icon: Network, label: "Connection", value: "Residential proxy, when configured" },
  { icon: Puzzle, label: "CAPTCHA", value: "Solved by your solver service, or by you in the live browser" },
];

/** What a site sees of a run's browser. */
export function StealthPanel() {
  return (
    <PanelFrame
      title="Browser profile of a run"
      description="Illustration: a run's browser profile. Real Chromium, a real user agent, the webdriver flag hidden, traffic through a residential proxy, and CAPTCHAs solved by a solver service or by you in the live browser."
    >
      <ul className="divide-y rounded-lg border bg-background">
        {ROWS.map(({ icon: Icon, label, value }) => (
          <li key={label} className="flex items-center gap-3 px-3 py-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
              <Icon className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-mono text-xs text-muted-foreground">{label}</span>
              <span className="block text-sm font-medium">{value}</span>
            </span>
            <CircleCheck className="size-5 shrink-0 text-green-600" />
          </li>
        ))}
      </ul>
    </PanelFrame>
  );
}
