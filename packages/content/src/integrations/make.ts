import type { IntegrationContent } from "./types.ts";
import { integrationGuideLinks } from "../guides/guide-paths.ts";

const sample = `Connection  Errand
  Server URL          https://your-errand-host
  API key             from Errand's API Keys page (sent as x-api-key)
  Verified with       GET /api/v1/account

Modules
  Run a task                action   POST /api/v1/runs, then reads the run
                                     every 5 s while it is pending (up to 5 min)
  Watch finished runs       instant  attaches a webhook: POST /api/v1/webhooks
  Get a run                 action   GET /api/v1/runs/{id}
  List the steps of a run   search   one bundle per step
  Run a task over a list    action   POST /api/v1/tasks/{id}/batches
  Watch finished batches    instant  a webhook on batch.finished
  Get a batch               action   GET /api/v1/batches/{id}
  List batch results        search   one bundle per row
  Make an API call          universal, any path under /api

Dropdowns: your Auth Contexts, your tasks and the marketplace's automations`;

export const make: IntegrationContent = {
  name: "make",
  label: "Make",
  headline: "Put a browser agent inside your Make scenarios",
  description:
    "An Errand custom app for Make: Run a task, Watch finished runs, Get a run and its steps, next to the 1000+ apps Make connects.",
  longDescription: [
    "Make connects 1000+ apps in visual scenarios. Errand adds the part those apps cannot reach: websites you would otherwise click through by hand. Write the task in plain words, map values from earlier modules into it, and an AI agent carries it out in a real Chromium browser, keeping a screenshot of each step.",
    "Errand's Make app has a connection (your Server URL and API key), Run a task, the instant trigger Watch finished runs, Get a run, List the steps of a run, Make an API call, and for lists Run a task over a list, Watch finished batches, Get a batch and List batch results, with dropdowns for your saved logins and the marketplace's automations.",
    "It is a custom app, not yet listed among Make's public apps. Deploying it needs a Make account: you put the app's files from the Errand repository into your Make organisation with the Make Apps Editor extension for VS Code, and then use it in your scenarios like any other app.",
  ],
  ...integrationGuideLinks("make"),
  setupSteps: [
    {
      title: "Create the custom app in Make",
      body: "In Make, create an API key with the custom-app scopes and an empty custom app. In VS Code, install the Make Apps Editor extension and add your Make environment with that key.",
    },
    {
      title: "Deploy the app's files",
      body: "In the repository's integrations/make folder, put your app's id and your zone's API URL in makecomapp.json, save the Make API key in .secrets/make-apikey, then right-click makecomapp.json and choose Deploy to Make.",
    },
    {
      title: "Connect your Errand account",
      body: "In a scenario, add Errand › Run a task and create a connection with your Server URL (e.g. https://errand.example.com) and an API key from Errand's API Keys page.",
    },
    {
      title: "Run once, then schedule",
      body: "Map values into the Prompt and run the scenario once: the module outputs the run with its status and result. For runs longer than 5 minutes, start a second scenario with Watch finished runs.",
    },
  ],
  sample: {
    language: "text",
    caption: "What the Errand app for Make contains: the connection's fields, its modules and the API calls behind them.",
    code: sample,
  },
  features: [
    {
      icon: "Play",
      title: "Run a task and get the result",
      description:
        "Creates the run, then reads it every 5 seconds while it is pending, for up to 5 minutes, and outputs it. Set Wait for the result to No to output the queued run at once.",
    },
    {
      icon: "Webhook",
      title: "Watch finished runs, instantly",
      description:
        "An instant trigger: turning the scenario on attaches an account webhook in Errand for finished, succeeded or failed runs, and turning it off detaches it.",
    },
    {
      icon: "Workflow",
      title: "Marketplace automations",
      description:
        "Choose an automation from the dropdown and Run a task fills the prompt, Response Format, JSON Schema, Initial URL and Session Timeout you left empty.",
    },
    {
      icon: "Braces",
      title: "Structured output for routers",
      description:
        "A JSON Schema makes the agent answer in that shape; Parse JSON and an Iterator then fan a list of results out into bundles.",
    },
    {
      icon: "Camera",
      title: "Every step as a bundle",
      description:
        "List the steps of a run gives one bundle per step with its extracted content, errors and browser actions, for audits and debugging.",
    },
    {
      icon: "KeyRound",
      title: "Signed-in sessions",
      description:
        "Pick a login saved in Errand's web app in the Auth Context dropdown, and the agent starts on that site already signed in.",
    },
  ],
  useCases: [
    {
      title: "Fill CRM gaps from the web",
      description: "For each new deal, read the prospect's website and store its industry, headcount range and pricing model in your CRM.",
    },
    {
      title: "Collect listings into a data store",
      description: "Weekly, have the agent gather new listings from a marketplace search and add each one to a Make data store or a sheet.",
    },
    {
      title: "Track shipments on carrier sites",
      description: "Look up tracking numbers on carriers' websites that have no Make app and update each order with the latest status.",
    },
    {
      title: "Place supplier orders",
      description: "Turn an approved purchase request into an order on the supplier's web shop, signed in with a saved login.",
    },
  ],
  faqs: [
    {
      question: "Can I find Errand among Make's apps?",
      answer:
        "Not yet: the Errand app is not published among Make's public apps. It is a custom app you deploy into your own Make organisation, which needs a Make account and the Make Apps Editor extension for VS Code, as the steps above show.",
    },
    {
      question: "What if a run takes longer than 5 minutes?",
      answer:
        "Run a task then outputs the run still pending. Use Watch finished runs in a second scenario for long tasks: it fires when the run ends and spends no operations on waiting. Get a run reads any run later by its ID.",
    },
    {
      question: "Does the trigger check Errand's signature?",
      answer:
        "No: Make's modules see the parsed body, not the exact bytes Errand signed, so the errand-signature header cannot be checked there. The webhook address Make creates is long and secret, and Errand's test deliveries are dropped.",
    },
    {
      question: "Can one scenario start many runs?",
      answer:
        "Yes, each bundle that reaches Run a task starts one run. Keep below 120 requests per minute per API key; Make an API call reaches any other endpoint with the same connection.",
    },
    {
      question: "What does it cost?",
      answer:
        "Make counts its own operations. On the Errand side, your first 5 prompts are free; after that a run costs $0.0023 per second of execution, paid from prepaid credits with no subscription.",
    },
  ],
  templates: [
    {
      title: "Enrich new Airtable records",
      description:
        "Airtable watch records → Errand: Run a task with the company contact details automation on each record's website → update the record with the JSON result.",
      automationSlug: "collect-company-contact-details",
    },
    {
      title: "Weekly competitor plan tracker",
      description:
        "Scheduled scenario → Errand: Run a task with the pricing plans automation → Parse JSON and an Iterator add one sheet row per plan.",
      automationSlug: "extract-pricing-plans",
    },
    {
      title: "Price drop alerts",
      description:
        "Scheduled scenario → Errand: Run a task with the price monitor automation for each product → Router posts drops to Slack.",
      automationSlug: "monitor-product-price",
    },
  ],
};
