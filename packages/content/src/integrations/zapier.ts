import type { IntegrationContent } from "./types.ts";

const sample = `Webhooks by Zapier  ·  Action event: POST

URL            https://your-errand-host/api/v1/runs
Payload Type   json
Data
  prompt           Visit {{Company Website}} and find the support email address
  response_format  text
  session_timeout  600
  webhook_url      https://hooks.zapier.com/hooks/catch/123456/abcdef/
Headers
  x-api-key        $ERRAND_API_KEY

Errand answers at once:
  {"id": "<run id>", "task_id": "<task id>", "status": "pending"}

Your Catch Hook Zap then receives, when the run ends:
  {"event": "run.finished", "run": {"status": "success", "result": "...", ...}}`;

export const zapier: IntegrationContent = {
  name: "zapier",
  label: "Zapier",
  headline: "Give your Zaps an AI agent that can use any website",
  description:
    "Start Errand browser tasks from Zaps with Webhooks by Zapier and send the results on to 7,000+ apps. No Errand app to install.",
  longDescription: [
    "Zapier connects 7,000+ apps, yet plenty of work still ends on a website with no integration: a supplier portal, a registry search, a competitor's pricing page. Errand covers that last mile. A Zap step sends a plain-language task, an AI agent carries it out in a real Chromium browser, and the answer comes back as text or JSON that later steps can map like any other field.",
    "There is no Errand app in the Zapier directory yet. You connect today with Webhooks by Zapier, Zapier's built-in HTTP tool: its POST action starts a run with your API key in a header, and a Catch Hook trigger in a second Zap receives the finished run when Errand calls the webhook_url you passed.",
    "A browser task can take a few minutes, so starting and finishing in two separate Zaps means nothing sits waiting. The finished run arrives with its id, status and result together, ready to update the row, contact or ticket that asked for it.",
  ],
  docsUrl: "/docs#post-runs",
  setupUrl: "https://zapier.com/app/zaps",
  setupSteps: [
    {
      title: "Copy your Errand API key",
      body: "Sign up for Errand, open the API Keys page and copy your key. You will paste it into a request header in Zapier.",
    },
    {
      title: "Build the Zap that receives results",
      body: "Create a Zap whose trigger is Webhooks by Zapier → Catch Hook, copy the webhook URL Zapier shows, and add the steps that use run__status and run__result (for example, update a Google Sheets row). Publish it.",
    },
    {
      title: "Add the POST step to your main Zap",
      body: "After any trigger, add Webhooks by Zapier → POST. URL: your Errand host + /api/v1/runs; Payload Type: json; Data: prompt (map trigger fields into it), response_format and webhook_url (the Catch Hook URL); Headers: x-api-key.",
    },
    {
      title: "Test, then publish",
      body: "Test the POST step: Errand answers with a run id and the status pending. A few moments later the receiving Zap gets the finished run. Publish both Zaps.",
    },
  ],
  sample: {
    language: "text",
    caption: "The Webhooks by Zapier POST step, field by field, and what comes back. Replace $ERRAND_API_KEY with your key.",
    code: sample,
  },
  features: [
    {
      icon: "Zap",
      title: "Any trigger can start a run",
      description:
        "A new form answer, CRM contact, spreadsheet row or a Schedule by Zapier tick: whatever starts the Zap can start an Errand task, with its fields mapped into the prompt.",
    },
    {
      icon: "Inbox",
      title: "Results arrive as a new trigger",
      description:
        "Errand POSTs the finished run to a Catch Hook URL, so the answer starts its own Zap instead of keeping one waiting.",
    },
    {
      icon: "Braces",
      title: "JSON without a Code step to build it",
      description:
        "Set response_format to json and put a JSON Schema in a json_schema Data field as plain text: Errand parses it, and the agent must answer in that shape.",
    },
    {
      icon: "Table",
      title: "A log in the app you already use",
      description:
        "Map run__status, run__result and run__execution_time into Google Sheets, Airtable or your CRM to keep a record of every task.",
    },
    {
      icon: "KeyRound",
      title: "Sites behind a login",
      description:
        "Save a login once in Errand's web app and add its auth_context_id to the Data fields; the agent then starts that task already signed in.",
    },
  ],
  useCases: [
    {
      title: "Research every new lead",
      description:
        "When a contact lands in your CRM, have the agent read their company site and return industry, size and a one-line summary.",
    },
    {
      title: "Copy form answers into a portal",
      description:
        "Take Typeform or Google Forms answers and have the agent type them into a web form that no Zapier app reaches.",
    },
    {
      title: "Daily competitor snapshot",
      description:
        "A Schedule by Zapier trigger asks the agent for today's prices on a competitor's plan page and appends them to a sheet.",
    },
    {
      title: "Order status from supplier sites",
      description:
        "For each open order, the agent signs in to the supplier portal, reads the delivery status and posts it to Slack.",
    },
  ],
  faqs: [
    {
      question: "Is there an official Errand app on Zapier?",
      answer:
        "Not yet: a dedicated Errand app is not published in the Zapier directory. The supported way today is Webhooks by Zapier calling the Errand REST API, as described on this page. It uses the same endpoints an app would, so your Zaps keep working.",
    },
    {
      question: "Do I need a paid Zapier plan?",
      answer:
        "Zapier treats Webhooks by Zapier as a premium app, so check that your Zapier plan includes it. Errand bills separately: 5 free prompts at signup, then $0.0023 per second of execution.",
    },
    {
      question: "Can one Zap start the run and use its result?",
      answer:
        "The two-Zap pattern (POST, then Catch Hook) is the reliable one. If you prefer a single Zap, add Delay by Zapier after the POST, then a Webhooks by Zapier GET to /api/v1/runs/{id} with the same x-api-key header; if the status is still pending, the run needs more time.",
    },
    {
      question: "What does the Catch Hook receive?",
      answer:
        "A JSON body { \"event\": \"run.finished\", \"run\": { ... } }. Zapier flattens it into fields such as run__id, run__status (success, failed, error or cancelled), run__result and run__status_reason.",
    },
    {
      question: "How do I use JSON results in later steps?",
      answer:
        "Ask for response_format json with a json_schema. run__result then holds JSON text; a Code by Zapier step with JSON.parse turns it into separate fields.",
    },
    {
      question: "Why did the POST step fail?",
      answer:
        "A 401 means the x-api-key header is missing or wrong; a 400 names the field at fault (an empty prompt, or a session_timeout outside 30 to 3600 seconds); a 402 means no free prompts or credits are left.",
    },
  ],
  templates: [
    {
      title: "Enrich new HubSpot contacts",
      description:
        "New contact → POST a run that reads the company website → Catch Hook updates the contact with industry and size.",
    },
    {
      title: "Competitor prices to Google Sheets",
      description:
        "Schedule by Zapier every morning → run a JSON task for plan names and prices → Catch Hook appends one row per run.",
    },
    {
      title: "Form answers into a web portal",
      description:
        "New Typeform entry → a run that fills and submits the portal's form with those answers → Catch Hook emails you the confirmation text.",
    },
  ],
};
