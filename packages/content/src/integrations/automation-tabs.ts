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
      "Ask for JSON that matches a schema with response_format \"json\"",
      "120 requests per minute per API key",
    ],
    docsUrl: "/docs#post-runs",
  },
  make: {
    title: "Run it in Make",
    description: "Trigger this automation from a Make scenario and send the result on to any of the 1000+ apps Make connects.",
    details: [
      "HTTP › Make a request posts the task to the Errand API",
      "A Custom webhook scenario receives the finished run",
      "No Errand app for Make yet: the HTTP module is the supported route",
    ],
    docsUrl: "/make-integration",
  },
  n8n: {
    title: "Run it in n8n",
    description: "Call this automation from an n8n workflow and continue with its result when the run finishes.",
    details: [
      "HTTP Request node with a Header Auth credential (x-api-key)",
      "A Wait node on webhook call resumes the workflow with the result",
      "Works with n8n Cloud and self-hosted n8n",
      "No Errand node yet: the HTTP Request node is the supported route",
    ],
    docsUrl: "/n8n-integration",
  },
  zapier: {
    title: "Run it in Zapier",
    description: "Start this automation from a Zap and pass its result to 5000+ apps.",
    details: [
      "Webhooks by Zapier POST starts the run",
      "A Catch Hook trigger receives the finished run",
      "No Errand app on Zapier yet: Webhooks by Zapier is the supported route",
    ],
    docsUrl: "/zapier-integration",
  },
};
