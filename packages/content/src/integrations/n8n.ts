import type { IntegrationContent } from "./types.ts";
import { integrationGuideLinks } from "../guides/guide-paths.ts";

/** The Errand node of templates/hourly-stock-check-slack-alert.json, as it is in the file (the content test compares them). */
const sample = `{
  "id": "check-stock",
  "name": "Check stock",
  "type": "n8n-nodes-errand.errand",
  "typeVersion": 1,
  "position": [220, 0],
  "parameters": {
    "operation": "runTask",
    "prompt": "Open the product page and tell whether the item can be added to the cart.",
    "responseFormat": "json",
    "jsonSchema": "{\\"type\\":\\"object\\",\\"properties\\":{\\"in_stock\\":{\\"type\\":\\"boolean\\"}},\\"required\\":[\\"in_stock\\"]}",
    "waitForResult": true,
    "options": { "startUrl": "https://shop.example.com/product/123" }
  },
  "credentials": { "errandApi": { "id": "", "name": "Errand account" } }
}`;

/** Where the n8n templates are downloaded from (apps/server serves integrations/n8n/templates there). */
const template = (file: string) => `/templates/n8n/${file}.json`;

export const n8n: IntegrationContent = {
  name: "n8n",
  label: "n8n",
  headline: "Errand nodes for your n8n workflows",
  description:
    "The n8n-nodes-errand package: an Errand node that runs browser tasks and waits for the result, and an Errand Trigger that starts workflows when runs end.",
  longDescription: [
    "n8n lets you build workflows your way, and Errand gives them hands on the web: describe a task on a website in plain language, and an AI agent performs it in a real Chromium browser, keeping a screenshot of each step and returning text or JSON.",
    "The n8n-nodes-errand community package adds two nodes. Errand runs a task, gets a run, or runs a marketplace automation, and waits for the result unless you tell it not to; its Batch resource runs a saved task over your items, one row each, and outputs the results one item per row; it is also usable as a tool by n8n's AI Agent. Errand Trigger starts a workflow when a run finishes, succeeds or fails, or (Batch Finished) when every row of a batch has ended: activating the workflow registers its webhook with Errand, and every delivery's errand-signature is checked.",
    "The package is not published on npm yet, so n8n's Community Nodes screen cannot find it. Today you build it from the Errand repository and install the tarball into a self-hosted n8n; the four templates below are ready to import.",
  ],
  ...integrationGuideLinks("n8n"),
  setupSteps: [
    {
      title: "Build the package",
      body: "In a clone of the Errand repository run npm install, then npm run build -w n8n-nodes-errand and npm pack -w n8n-nodes-errand. You get n8n-nodes-errand-0.1.0.tgz.",
    },
    {
      title: "Install it into self-hosted n8n",
      body: "In n8n's ~/.n8n/nodes folder (create it if needed) run npm install --legacy-peer-deps /path/to/n8n-nodes-errand-0.1.0.tgz (n8n brings its own n8n-workflow), then restart n8n. The Errand and Errand Trigger nodes appear in the nodes panel.",
    },
    {
      title: "Create the Errand API credential",
      body: "Copy a key from Errand's API Keys page. In n8n, add an Errand API credential with that API Key and your server's Base URL (e.g. https://errand.example.com); n8n checks it against /api/v1/account.",
    },
    {
      title: "Add a node or import a template",
      body: "Add Errand › Run a Task with your prompt, or download a template below and use Workflows › Import from File, then pick your credential in each Errand node.",
    },
  ],
  sample: {
    language: "json",
    caption:
      "The Errand node of the Hourly stock check template: Run a Task asks for JSON with an in_stock field and waits for the run to end.",
    code: sample,
  },
  features: [
    {
      icon: "Play",
      title: "Run a Task, and wait",
      description:
        "Prompt, Response Format (Text or JSON) and JSON Schema, with a Saved Login, Start URL and Time Limit as options. With Wait for Result on, the node outputs the finished run; JSON runs also get data, the parsed result.",
    },
    {
      icon: "Workflow",
      title: "Run a Marketplace Automation",
      description:
        "Pick an automation from a searchable list, or give its slug: it runs with that automation's prompt, format, schema and start URL, and options can replace the prompt or add a saved login.",
    },
    {
      icon: "Webhook",
      title: "Errand Trigger",
      description:
        "Run Finished, Run Succeeded or Run Failed. Activating the workflow registers a webhook through POST /api/v1/webhooks and deactivating removes it; it shows on your API Keys page meanwhile.",
    },
    {
      icon: "ShieldCheck",
      title: "Signed deliveries only",
      description:
        "The trigger checks each delivery's errand-signature against the webhook's secret and refuses unsigned or stale ones. Deliveries carry a delivery_id to deduplicate on.",
    },
    {
      icon: "Zap",
      title: "A tool for AI agents",
      description:
        "The Errand node is usable as a tool, so an n8n AI Agent can decide when a question needs a real browser and hand it the task.",
    },
    {
      icon: "KeyRound",
      title: "Key kept in n8n credentials",
      description:
        "The Errand API credential stores your key encrypted in n8n and sends it as the x-api-key header, out of node parameters and exported workflow JSON.",
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
        "Sign in with a saved login, read the figures you need from a partner dashboard, and write them to Postgres or Google Sheets.",
    },
    {
      title: "Forms that end in a website",
      description:
        "An n8n Form Trigger collects a request; the agent then submits it on the third-party site and the workflow emails the confirmation.",
    },
    {
      title: "Audit every finished run",
      description:
        "The Errand Trigger fires when any run ends, wherever it was started; Get a Run with its steps files the record where your team looks.",
    },
  ],
  faqs: [
    {
      question: "Can I install it from n8n's Community Nodes screen?",
      answer:
        "Not yet: n8n-nodes-errand is not published on npm, and that screen installs packages by their npm name. Until it is, build the package from the Errand repository, install the tarball into ~/.n8n/nodes and restart n8n, as the steps above show.",
    },
    {
      question: "Does it work on n8n Cloud?",
      answer:
        "Not today. n8n Cloud cannot load a package that is not published, so the nodes need a self-hosted n8n (npm, Docker or your own server). In Docker, install the tarball into the container's /home/node/.n8n/nodes or a volume mounted there.",
    },
    {
      question: "My Errand Trigger never fires. Why?",
      answer:
        "Errand must reach n8n's webhook URL: set n8n's WEBHOOK_URL to its public address before activating the workflow. Errand refuses localhost and private addresses unless its ALLOW_PRIVATE_NETWORK setting is on, and the test URL only listens while you test in the editor.",
    },
    {
      question: "How long does Run a Task wait?",
      answer:
        "It reads the run every 2 seconds until it ends, at most its time limit plus a minute (the default time limit is 300 seconds, from 30 to 3600). Turn Wait for Result off to output the queued run at once and pick it up later with Get a Run or the trigger.",
    },
    {
      question: "What happens when a run fails?",
      answer:
        "A run that ends failed, error or cancelled is output like any other, so branch on status. A bad key or invalid input fails the node with Errand's own message, or becomes an error item when Continue On Fail is on.",
    },
    {
      question: "What does it cost?",
      answer:
        "Errand gives 5 free prompts at signup, then charges $0.0023 per second of execution from prepaid credits. The nodes are MIT licensed, and whatever you pay for n8n itself is separate and unchanged.",
    },
  ],
  templates: [
    {
      title: "Hourly stock check with a Slack alert",
      description: "Schedule Trigger → Errand: Run a Task (JSON with in_stock) → IF back in stock → Slack message.",
      download: template("hourly-stock-check-slack-alert"),
    },
    {
      title: "Fill a sheet from partner dashboards",
      description:
        "Schedule Trigger → Google Sheets rows → Loop Over Items → Errand: Run a Task with a saved login → write the figures back to each row.",
      download: template("partner-dashboards-to-sheet"),
    },
    {
      title: "Form to third-party portal",
      description: "Form Trigger → Errand: Run a Task with the answers in the prompt → Send Email with the result as the confirmation.",
      download: template("form-to-third-party-portal"),
    },
    {
      title: "Every finished run, with its steps",
      description: "Errand Trigger (Run Finished) → Errand: Get a Run with its steps, ready to log or forward.",
      download: template("finished-runs-with-steps"),
    },
  ],
};
