import type { INTEGRATION_TABS } from "@errand/contract";
import type { AutomationTabContent } from "./types.ts";

/** "api" | "make" | "n8n" | "zapier" (slug suffixes -api, -make, -n8n, -zapier). */
export type AutomationTabName = (typeof INTEGRATION_TABS)[number];

/** The integration toggle of the automation detail page: how to run that automation from each place. */
export const AUTOMATION_TABS: Record<AutomationTabName, AutomationTabContent> = {
  api: {
    title: "Run it with the API",
    description: "Start this automation from your own code with one HTTPS request and read the result as text or JSON.",
    details: [
      "POST the prompt to /api/v1/runs with your key in the x-api-key header",
      "Poll GET /api/v1/runs/{id}, stream its events, or pass a webhook_url",
      'Ask for JSON that matches a schema with response_format "json"',
      "120 requests per minute per API key",
    ],
    docsUrl: "/docs#post-runs",
  },
  make: {
    title: "Run it in Make",
    description: "Trigger this automation from a Make scenario and send the result on to any of the 1000+ apps Make connects.",
    details: [
      "Errand › Run a task with this automation chosen in Automation: its prompt, format and schema fill the empty fields",
      "Run a task waits up to 5 minutes for the result; Watch finished runs starts a scenario when any run ends",
      "Errand's custom app for Make: deploying it needs a Make account (it is not among Make's public apps yet)",
    ],
    docsUrl: "/make-integration",
  },
  n8n: {
    title: "Run it in n8n",
    description: "Call this automation from an n8n workflow and continue with its result when the run finishes.",
    details: [
      "Errand node › Run a Marketplace Automation with this automation's slug",
      "Wait for Result outputs the finished run; JSON results also come parsed as data",
      "Errand Trigger starts a workflow when a run finishes, succeeds or fails",
      "n8n-nodes-errand installs into self-hosted n8n from the Errand repository (not on npm yet)",
    ],
    docsUrl: "/n8n-integration",
  },
  zapier: {
    title: "Run it in Zapier",
    description: "Start this automation from a Zap and pass its result to 5000+ apps.",
    details: [
      "Errand › Run Task with this automation picked in Automation",
      "Wait for the Result pauses the Zap until the run ends, then passes its result on",
      "The Finished Run trigger starts a Zap when any run ends",
      "Errand's Zapier app is pushed to your Zapier account as a private app (not in Zapier's directory yet)",
    ],
    docsUrl: "/zapier-integration",
  },
};
