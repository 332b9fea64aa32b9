import type { IntegrationContent } from "./types.ts";
import { integrationGuideLinks } from "../guides/guide-paths.ts";

const sample = `Connection (Errand)
  Server Address   https://your-errand-host
  API Key          from Errand's API Keys page (sent as x-api-key)
  Checked with     GET /api/v1/account; labelled with your e-mail

Trigger   Finished Run      REST hook on POST /api/v1/webhooks
          Status            Any final status | Succeeded | Failed or error
Action    Run Task          POST /api/v1/runs
          Prompt, Response Format, JSON Schema, Auth Context,
          Initial URL, Session Timeout, or an Automation
          Wait for the Result: Yes (the Zap resumes when Errand
          posts the ended run to Zapier's callback URL)
Action    Run Task Over a List   POST /api/v1/tasks/{id}/batches
Trigger   Batch Finished    REST hook on batch.finished
Search    Find Run          GET /api/v1/runs/{id}
Search    Find Batch        GET /api/v1/batches/{id}`;

export const zapier: IntegrationContent = {
  name: "zapier",
  label: "Zapier",
  headline: "Give your Zaps an AI agent that can use any website",
  description:
    "An Errand app for Zapier: Run Task and wait for its result, trigger Zaps on Finished Run, Find Run, and send results on to 7,000+ apps.",
  longDescription: [
    "Zapier connects 7,000+ apps, yet plenty of work still ends on a website with no integration: a supplier portal, a registry search, a competitor's pricing page. Errand covers that last mile. A Zap step sends a plain-language task, an AI agent carries it out in a real Chromium browser, and the answer comes back as text or JSON that later steps can map like any other field.",
    "Errand's Zapier app has a Finished Run trigger, a Run Task action that pauses the Zap until the run ends, and a Find Run search; Run Task Over a List runs a saved task once per line item, with a Batch Finished trigger and a Find Batch search, with dropdowns for your saved logins and the marketplace's automations. The connection asks for your Server Address and API Key, so a self-hosted Errand works too.",
    "The app is not in Zapier's app directory yet. A Zapier account pushes it as a private app with Zapier's CLI (zapier push) from the Errand repository; you then use it in your Zaps and can invite teammates to it.",
  ],
  ...integrationGuideLinks("zapier"),
  setupSteps: [
    {
      title: "Push the app to your Zapier account",
      body: "Install Zapier's CLI (npm install -g zapier-platform-cli). From a copy of the repository's integrations/zapier folder run npm install --omit=dev, zapier login, zapier register \"Errand\" once, then zapier push.",
    },
    {
      title: "Connect your Errand account",
      body: "In the Zap editor choose the Errand app and add a connection: Server Address (your Errand host) and API Key (from Errand's API Keys page). Zapier checks it and labels it with your e-mail.",
    },
    {
      title: "Add Run Task to a Zap",
      body: "After any trigger, add Errand › Run Task. Map fields into the Prompt, or pick an Automation to fill the empty fields. With Wait for the Result on, the next steps get the finished run.",
    },
    {
      title: "Or start a Zap when a run ends",
      body: "Use the Finished Run trigger with a Status (any final status, succeeded, or failed or error). Turning the Zap on registers a webhook with Errand; it shows on your API Keys page.",
    },
  ],
  sample: {
    language: "text",
    caption:
      "What the Errand app offers in the Zap editor: the connection's fields, the trigger, the action and the search, and the API calls behind them.",
    code: sample,
  },
  features: [
    {
      icon: "Hourglass",
      title: "Run Task waits for the result",
      description:
        "The run's webhook_url is Zapier's callback URL: the Zap pauses without polling, and continues with the ended run's status and result as soon as Errand posts it.",
    },
    {
      icon: "Inbox",
      title: "Finished Run trigger",
      description:
        "A REST hook: turning the Zap on creates an account webhook in Errand for the Status you chose, and turning it off deletes it. Samples come from your latest ended runs.",
    },
    {
      icon: "Workflow",
      title: "Marketplace automations",
      description:
        "Pick an automation from the dropdown and Run Task takes its prompt, format, schema, start URL and time limit for every field you left empty.",
    },
    {
      icon: "Braces",
      title: "JSON results with a schema",
      description:
        "Set Response Format to JSON and give a JSON Schema: the agent must answer in that shape, ready for Formatter or Code steps.",
    },
    {
      icon: "KeyRound",
      title: "Sites behind a login",
      description:
        "Save a login once in Errand's web app and choose it in the Auth Context dropdown; the agent then starts that task already signed in.",
    },
    {
      icon: "Server",
      title: "Your own server",
      description:
        "The connection's Server Address can be any Errand, including the open-source edition on your own machines, as long as Zapier can reach it.",
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
      description: "Take Typeform or Google Forms answers and have the agent type them into a web form that no Zapier app reaches.",
    },
    {
      title: "Daily competitor snapshot",
      description:
        "A Schedule by Zapier trigger asks the agent for today's prices on a competitor's plan page and appends them to a sheet.",
    },
    {
      title: "Alert on failed runs",
      description:
        "A Finished Run trigger set to Failed or error posts the run's status reason to Slack, whether the run came from a Zap, the API or the web app.",
    },
  ],
  faqs: [
    {
      question: "Can I find Errand in Zapier's app directory?",
      answer:
        "Not yet: the Errand app is not published in Zapier's directory. Today a Zapier account pushes it as a private app with zapier push, from the integrations/zapier folder of the Errand repository, and shares it with teammates by invitation.",
    },
    {
      question: "How does Run Task wait for a long run?",
      answer:
        "It gives Errand a Zapier callback URL as the run's webhook_url. The Zap step pauses there, and Zapier resumes it with the ended run when Errand posts it. Turn Wait for the Result off to get the queued run at once.",
    },
    {
      question: "What does Finished Run give later steps?",
      answer:
        "The whole run: id, status (success, failed, error or cancelled), status_reason, result, execution time and its settings. Errand's test deliveries (webhook.test) are ignored.",
    },
    {
      question: "What does it cost?",
      answer:
        "Zapier counts the Errand app's steps as tasks on your Zapier plan, like any other app's. Errand bills separately: 5 free prompts at signup, then $0.0023 per second of execution.",
    },
    {
      question: "Why did the Run Task step fail?",
      answer:
        "A wrong API Key makes Zapier ask you to reconnect; otherwise Zapier shows Errand's own message, for example an empty prompt, a Session Timeout outside 30 to 3600 seconds, or no free prompts or credits left.",
    },
  ],
  templates: [
    {
      title: "Enrich new HubSpot contacts",
      description:
        "New contact → Errand: Run Task with the company's contact details automation → update the contact with what the agent found.",
      automationSlug: "collect-company-contact-details",
    },
    {
      title: "Competitor prices to Google Sheets",
      description: "Schedule by Zapier every morning → Errand: Run Task with the pricing plans automation → append one row per run.",
      automationSlug: "extract-pricing-plans",
    },
    {
      title: "Form answers into a web portal",
      description:
        "New Typeform entry → Errand: Run Task that fills and submits the portal's contact form → email yourself the confirmation text.",
      automationSlug: "fill-contact-form",
    },
  ],
};
