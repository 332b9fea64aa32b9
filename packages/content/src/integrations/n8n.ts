import type { IntegrationContent } from "./types.ts";

const sample = `{
  "nodes": [{
    "name": "Start Errand run",
    "type": "n8n-nodes-base.httpRequest",
    "typeVersion": 4.2, "position": [0, 0],
    "parameters": {
      "method": "POST",
      "url": "https://your-errand-host/api/v1/runs",
      "authentication": "genericCredentialType",
      "genericAuthType": "httpHeaderAuth",
      "sendBody": true,
      "bodyParameters": { "parameters": [
        { "name": "prompt", "value": "=Open {{ $json.url }} and return the price shown on the page" },
        { "name": "webhook_url", "value": "={{ $execution.resumeUrl }}" }
      ] }
    }
  }],
  "connections": {}
}`;

export const n8n: IntegrationContent = {
  name: "n8n",
  label: "n8n",
  headline: "Drive a real browser from your n8n workflows",
  description:
    "Start Errand browser tasks with n8n's HTTP Request node and a Header Auth credential, then resume the workflow the moment the run finishes.",
  longDescription: [
    "n8n lets you build workflows your way, self-hosted or in n8n Cloud. Errand gives those workflows hands on the web: describe a task on a website in plain language, and an AI agent performs it in a real Chromium browser, keeping a screenshot of each step and returning text or JSON.",
    "No Errand node, built-in or community, is published yet. Everything works today with n8n's core nodes: an HTTP Request node posts the run to the Errand API, authenticated by a Header Auth credential that holds your key, and either a Wait node or a Webhook trigger receives the finished run.",
    "The Wait node makes this tidy. Set it to resume on a webhook call and send its resume URL, $execution.resumeUrl, as the run's webhook_url: the execution pauses without polling and continues with the finished run as soon as Errand posts it.",
  ],
  docsUrl: "/docs#authentication",
  setupUrl: "https://n8n.io",
  setupSteps: [
    {
      title: "Store your key in a Header Auth credential",
      body: "Copy your key from Errand's API Keys page. In n8n, create a Header Auth credential with Name x-api-key and your key as Value.",
    },
    {
      title: "Add an HTTP Request node",
      body: "Method POST, URL https://your-errand-host/api/v1/runs, Authentication: Generic Credential Type → Header Auth with that credential. Turn on Send Body (JSON) and add prompt, plus webhook_url set to {{ $execution.resumeUrl }}.",
    },
    {
      title: "Wait for the run to finish",
      body: "Add a Wait node after it with Resume: On Webhook Call and HTTP Method POST. The workflow pauses there until Errand posts { event, run } to the resume URL.",
    },
    {
      title: "Use the result and activate",
      body: "Read {{ $json.body.run.status }} and {{ $json.body.run.result }} in the next nodes, then activate the workflow. Errand must be able to reach your n8n address.",
    },
  ],
  sample: {
    language: "json",
    caption: "Paste this into the n8n canvas, pick your Header Auth credential (Name: x-api-key, Value: your key), and follow it with a Wait node set to On Webhook Call.",
    code: sample,
  },
  features: [
    {
      icon: "KeyRound",
      title: "Key kept in n8n credentials",
      description:
        "A Header Auth credential stores your Errand key encrypted in n8n, out of node parameters and exported workflow JSON.",
    },
    {
      icon: "Hourglass",
      title: "Pause until the run ends",
      description:
        "The Wait node's resume URL becomes the run's webhook_url, so one execution starts the task, waits without polling and carries on with the result.",
    },
    {
      icon: "Webhook",
      title: "Or one shared receiver",
      description:
        "Prefer a separate workflow? Point webhook_url at a Webhook trigger node's Production URL and handle every finished run in one place.",
    },
    {
      icon: "Braces",
      title: "JSON straight into expressions",
      description:
        "Ask for response_format json with a json_schema, then {{ JSON.parse($json.body.run.result) }} gives later nodes fields they can use.",
    },
    {
      icon: "Server",
      title: "Self-hosted on both sides",
      description:
        "Run n8n and the open-source Errand edition on your own servers. Errand refuses private addresses for webhooks unless its ALLOW_PRIVATE_NETWORK setting is on.",
    },
    {
      icon: "Repeat",
      title: "Batches that respect limits",
      description:
        "Loop Over Items starts runs in batches; keep under 120 requests per minute per key, and the Idempotency-Key header prevents duplicates on retry.",
    },
  ],
  useCases: [
    {
      title: "Scheduled website checks",
      description:
        "A Schedule Trigger has the agent check stock, opening hours or a status page every hour and alerts you only when something changed.",
    },
    {
      title: "Data from portals without APIs",
      description:
        "Sign in with a saved login, download the figures you need from a partner dashboard, and write them to Postgres or Google Sheets.",
    },
    {
      title: "Forms that end in a website",
      description:
        "An n8n Form Trigger collects a request; the agent then submits it on the third-party site and the workflow emails the confirmation.",
    },
    {
      title: "Ticket triage with web lookups",
      description:
        "When a support ticket names an order or a domain, look it up on the relevant website and add the findings to the ticket.",
    },
  ],
  faqs: [
    {
      question: "Is there an Errand node for n8n?",
      answer:
        "Not yet: an Errand node, built-in or community, is not published. The supported way today is the HTTP Request node calling the Errand REST API with a Header Auth credential, as shown on this page.",
    },
    {
      question: "Which webhook URL should I give Errand?",
      answer:
        "For a Wait node, {{ $execution.resumeUrl }}, which is new for every execution. For a Webhook trigger, use its Production URL with the workflow active; the Test URL only listens while you are testing in the editor.",
    },
    {
      question: "My self-hosted n8n never receives the result. Why?",
      answer:
        "Errand delivers webhooks from its own server, so the URL must be reachable from there; localhost and private addresses are refused by default and redirects are not followed. Set n8n's WEBHOOK_URL variable to your public address so the URLs it generates use it.",
    },
    {
      question: "How long can a run take?",
      answer:
        "Up to its session_timeout: 300 seconds by default, adjustable from 30 to 3600. If you give the Wait node a time limit, make it longer than the session_timeout you send.",
    },
    {
      question: "What does it cost?",
      answer:
        "Errand gives 5 free prompts at signup, then charges $0.0023 per second of execution from prepaid credits. Whatever you pay for n8n itself is separate and unchanged.",
    },
  ],
  templates: [
    {
      title: "Hourly stock check with a Slack alert",
      description:
        "Schedule Trigger → HTTP Request (JSON run: in stock yes/no) → Wait → IF the item is back → Slack message.",
    },
    {
      title: "Fill a sheet from partner dashboards",
      description:
        "Google Sheets rows → Loop Over Items → a signed-in run per partner → Wait → write the figures back to each row.",
    },
    {
      title: "Form to third-party portal",
      description:
        "Form Trigger → HTTP Request with the answers in the prompt → Wait → Send Email with run.result as the confirmation.",
    },
  ],
};
